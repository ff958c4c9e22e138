// report/load_runs: the documents a report reads: folders searched for *.json (sorted), a file named
// twice read once, documents slimmed for reporting, a bad path or document refused naming it (or
// skipped with skip_invalid), and the streamed digests counting the same runs.
#include "core/error.hpp"
#include "core/json.hpp"
#include "report/fleet.hpp"
#include "report/load_runs.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <string>
#include <vector>

namespace gpuaudit {
namespace {

const std::string kFleet = std::string(GPUAUDIT_TEST_DATA) + "/report/fleet-synthetic";
const std::string kCorrupt = std::string(GPUAUDIT_TEST_DATA) + "/compare/corrupt-synthetic.json";

std::string message_of(const std::vector<std::string>& paths, const LoadOptions& o = {}) {
  try {
    load_runs(paths, o);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), 2);
    return e.what();
  }
  return "";
}

TEST(LoadRuns, FolderSearchedSortedAndAFileNamedTwiceOnce) {
  const auto files = list_result_files({kFleet, kFleet + "/01-alpha-cloud-us-east-synthetic.json"});
  ASSERT_EQ(files.size(), 11u);
  EXPECT_EQ(files.front().filename(), "01-alpha-cloud-us-east-synthetic.json");
  EXPECT_EQ(files.back().filename(), "11-beta-gpu-us-central-soak-synthetic.json");
  for (size_t i = 1; i < files.size(); ++i) EXPECT_LT(files[i - 1], files[i]);
}

TEST(LoadRuns, DocumentsComeBackSlimmedButKeepTheirSoak) {
  const auto runs = load_runs({kFleet});
  ASSERT_EQ(runs.size(), 11u);
  bool soak = false;
  for (const auto& r : runs) {
    for (const auto& b : r.doc.benchmarks) {
      EXPECT_TRUE(b.samples.empty()) << r.path;
      EXPECT_FALSE(b.telemetry) << r.path;
    }
    soak = soak || r.doc.extra.contains("soak");
  }
  EXPECT_TRUE(soak);  // 11-...-soak keeps its timeline for the HTML
}

TEST(LoadRuns, BadPathsAndDocumentsAreNamed) {
  EXPECT_NE(message_of({"/nonexistent/gpuaudit/runs"}).find("/nonexistent/gpuaudit/runs: no such file or folder"),
            std::string::npos);
  EXPECT_NE(message_of({kFleet, kCorrupt}).find("corrupt-synthetic.json"), std::string::npos);
  LoadOptions skip;
  skip.skip_invalid = true;
  EXPECT_EQ(load_runs({kFleet, kCorrupt}, skip).size(), 11u);
}

TEST(LoadRuns, DigestsCountTheSameRuns) {
  const auto digests = load_run_digests({kFleet}, {}, parse_group_by("provider,region,gpu"), 1);
  EXPECT_EQ(digests.size(), 11u);
  EXPECT_EQ(build_fleet_report(digests, parse_group_by("provider,region,gpu")).groups.size(), 4u);
}

TEST(LoadRuns, AnUnscoredDocumentIsAssessedBeforeItIsDigestedAndAScoredOneIsNot) {
  // Two documents of the synthetic fleet, one with its assessment taken out (as an imported one has none).
  const auto dir = std::filesystem::temp_directory_path() / ("gpuaudit-load-runs-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto files = list_result_files({kFleet});
  ASSERT_GE(files.size(), 2u);
  std::filesystem::copy_file(files[0], dir / "scored.json", std::filesystem::copy_options::overwrite_existing);
  json unscored = json::parse(std::ifstream(files[1]));
  ASSERT_FALSE(unscored["assessment"].is_null());
  unscored["assessment"] = nullptr;
  std::ofstream(dir / "unscored.json") << unscored.dump();

  std::atomic<int> calls{0};
  LoadOptions o;
  o.assess_unscored = [&calls](ResultDocument& doc) {
    ++calls;
    Assessment a;
    Finding f;
    f.id = "sliced";
    a.findings.push_back(f);
    doc.assessment = a;
  };
  const auto digests = load_run_digests({dir.string()}, o, parse_group_by("provider,region,gpu"), 1);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(calls.load(), 1);
  ASSERT_EQ(digests.size(), 2u);
  EXPECT_TRUE(digests[0].scored);
  EXPECT_NE(digests[0].finding_ids, std::vector<std::string>{"sliced"});  // scored.json: its own assessment
  EXPECT_TRUE(digests[1].scored);
  EXPECT_EQ(digests[1].finding_ids, std::vector<std::string>{"sliced"});  // unscored.json: assessed here
}

}  // namespace
}  // namespace gpuaudit
