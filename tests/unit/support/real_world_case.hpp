// One case of tests/data/real-world/ (outputs people posted, kept as posted) read as
// `gpuaudit score FILE...` reads it: its case.json's files imported (the parts of a paste that
// disagree become machines of their own), each machine scored against the repository's baselines
// with default thresholds. For the rule tests that want a real input where a rule must speak, or a
// real healthy one where it must stay silent; findings are looked up by their id string.
#pragma once

#include "core/document_io.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/repo_baselines.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::real_world {

inline std::vector<Assessment> assessments_of_case(const std::string& id) {
  const std::filesystem::path dir = std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" / id;
  const json c = read_json_file(dir / "case.json");
  std::vector<std::string> files;
  for (const auto& f : c.at("files")) files.push_back((dir / f.at("file").get<std::string>()).string());
  std::vector<Assessment> out;
  for (const auto& doc : imports::import_machines(files, {}, nullptr))
    out.push_back(assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}));
  return out;
}

// Every finding of the case's machines.
inline std::vector<Finding> findings_of_case(const std::string& id) {
  std::vector<Finding> out;
  for (const auto& a : assessments_of_case(id)) out.insert(out.end(), a.findings.begin(), a.findings.end());
  return out;
}

// Every note ("notes (not findings)") of the case's machines.
inline std::vector<std::string> notes_of_case(const std::string& id) {
  std::vector<std::string> out;
  for (const auto& a : assessments_of_case(id))
    if (auto n = a.extra.find("notes"); n != a.extra.end() && n->is_array())
      for (const auto& x : *n) out.push_back(x.get<std::string>());
  return out;
}

// Whether any finding `id` is there (of GPU `gpu` when given; std::nullopt in `gpu` = any GPU).
inline bool has_finding(const std::vector<Finding>& fs, const std::string& id) {
  for (const auto& f : fs)
    if (f.id == id) return true;
  return false;
}
inline const Finding* finding_on(const std::vector<Finding>& fs, const std::string& id, std::optional<int> gpu) {
  for (const auto& f : fs)
    if (f.id == id && f.gpu == gpu) return &f;
  return nullptr;
}

// Whether any line contains `what`.
inline bool any_line_has(const std::vector<std::string>& lines, const std::string& what) {
  for (const auto& l : lines)
    if (l.find(what) != std::string::npos) return true;
  return false;
}

}  // namespace gpuaudit::real_world
