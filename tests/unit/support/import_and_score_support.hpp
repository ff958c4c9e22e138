// What the tests that import other tools' outputs and then score them share: the texts written to
// temporary files and imported as `gpuaudit import` does (detection, merging, software errors), the
// result scored against the repository's baselines with default thresholds, a finding looked up by
// id (and GPU), and its evidence searched. One copy here instead of one per test file.
#pragma once

#include "core/result.hpp"
#include "import/import.hpp"
#include "unit/support/repo_baselines.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit::import_and_score {

// (file name, text) pairs imported together as one document. The file names are kept (a detector
// may read them); each goes into its own folder named by process and call, so tests that ctest runs
// in parallel never share a file.
inline ResultDocument import_texts(const std::vector<std::pair<std::string, std::string>>& files) {
  static std::atomic<int> calls{0};
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("gpuaudit-import-test-" + std::to_string(::getpid()) + "-" + std::to_string(calls++));
  std::filesystem::create_directories(dir);
  std::vector<std::string> paths;
  for (const auto& [name, text] : files) {
    const std::filesystem::path p = dir / name;
    std::ofstream(p, std::ios::binary) << text;
    paths.push_back(p.string());
  }
  ResultDocument doc = imports::import_files(paths, {}, nullptr);
  std::filesystem::remove_all(dir);
  return doc;
}

// The document's findings after scoring it as `gpuaudit score` does.
inline std::vector<Finding> findings_of(ResultDocument doc) {
  score_document(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{});
  return doc.assessment ? doc.assessment->findings : std::vector<Finding>{};
}

inline std::vector<Finding> findings_of_texts(const std::vector<std::pair<std::string, std::string>>& files) {
  return findings_of(import_texts(files));
}

// The first finding `id` (of GPU `gpu` when given), nullptr when there is none.
inline const Finding* find_finding(const std::vector<Finding>& fs, const std::string& id) {
  for (const auto& f : fs)
    if (f.id == id) return &f;
  return nullptr;
}
inline const Finding* find_finding(const std::vector<Finding>& fs, const std::string& id, std::optional<int> gpu) {
  for (const auto& f : fs)
    if (f.id == id && f.gpu == gpu) return &f;
  return nullptr;
}

// Whether any of the finding's evidence lines contains `what`.
inline bool evidence_has(const Finding& f, const std::string& what) {
  for (const auto& e : f.evidence)
    if (e.find(what) != std::string::npos) return true;
  return false;
}

}  // namespace gpuaudit::import_and_score
