// The findings of one case of tests/data/real-world/ (outputs people posted, kept as posted), read
// as `gpuaudit score FILE...` reads them: its case.json's files imported (the parts of a paste
// that disagree become machines of their own), each machine scored against the repository's
// baselines with default thresholds, every finding together. For the rule tests that want a real
// input where a rule must speak, or a real healthy one where it must stay silent.
#pragma once

#include "core/document_io.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/repo_baselines.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace gpuaudit::real_world {

inline std::vector<Finding> findings_of_case(const std::string& id) {
  const std::filesystem::path dir = std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" / id;
  const json c = read_json_file(dir / "case.json");
  std::vector<std::string> files;
  for (const auto& f : c.at("files")) files.push_back((dir / f.at("file").get<std::string>()).string());
  std::vector<Finding> out;
  for (const auto& doc : imports::import_machines(files, {}, nullptr)) {
    const Assessment a = assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{});
    out.insert(out.end(), a.findings.begin(), a.findings.end());
  }
  return out;
}

}  // namespace gpuaudit::real_world
