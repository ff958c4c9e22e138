// `score FILE` accepts exactly what `import FILE` accepts (issue #34): both commands read through
// import_machines (src/import/import_machines.cpp), so what is left to hold is that judging the
// files directly and judging the document `import` writes of them come to the same assessment. Run
// over every file of tests/data/imports/ and every case of tests/data/real-world/: either the
// import refuses (and so does score, with the same one line: the same function throws it), or the
// assessment of the imported document, written and read back, equals the direct one (its time aside).
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;

const BaselineSet& baselines() {
  static const BaselineSet set = load_baselines(fs::path(GPUAUDIT_SOURCE_DIR) / "baselines");
  return set;
}

json assessed(ResultDocument doc) {
  (void)score_document(doc, reference_lookup(baselines()), baselines().version, Thresholds{});
  json a = *doc.assessment;
  a.erase("scored_utc");
  return a;
}

// "" when they agree, else what differs.
std::string disagreement(const std::vector<std::string>& files, const fs::path& tmp) {
  std::vector<ResultDocument> direct;
  try {
    direct = import_machines(files, {}, nullptr);
  } catch (const Error& e) {
    return e.code() == exit_code::usage ? "" : std::string("not a usage error: ") + e.what();
  }
  std::string why;
  for (std::size_t m = 0; m < direct.size(); ++m) {
    const fs::path doc = tmp / ("doc-" + std::to_string(m) + ".json");
    std::ofstream(doc) << to_pretty_json(direct[m]);
    const std::vector<ResultDocument> via = import_machines({doc.string()}, {}, nullptr);
    if (via.size() != 1) return "the imported document reads as " + std::to_string(via.size()) + " machines";
    if (assessed(direct[m]) != assessed(via.front())) why += "machine " + std::to_string(m + 1) + " assessed differently; ";
  }
  return why;
}

TEST(ScoreImportAgree, OnEveryFixtureAndRealWorldCase) {
  const fs::path data(GPUAUDIT_TEST_DATA);
  const fs::path tmp = fs::temp_directory_path() / ("gpuaudit-agree-" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  std::vector<std::vector<std::string>> inputs;
  for (const auto& e : fs::recursive_directory_iterator(data / "imports")) {
    const std::string name = e.path().filename().string();
    if (!e.is_regular_file() || name.ends_with(".source.json") || name.ends_with(".source") || name == "README.md") continue;
    inputs.push_back({e.path().string()});
  }
  for (const auto& e : fs::directory_iterator(data / "real-world")) {
    if (!fs::exists(e.path() / "case.json")) continue;
    std::ifstream in(e.path() / "case.json");
    const json c = json::parse(in);
    std::vector<std::string> files;
    for (const auto& f : c.at("files")) files.push_back((e.path() / f.at("file").get<std::string>()).string());
    inputs.push_back(files);
  }
  std::sort(inputs.begin(), inputs.end());
  EXPECT_GT(inputs.size(), 300u);
  for (const auto& files : inputs) EXPECT_EQ(disagreement(files, tmp), "") << files.front();
  fs::remove_all(tmp);
}

}  // namespace
}  // namespace gpuaudit::imports
