// report/load_runs: the documents a report reads: folders searched for *.json (sorted), a file named
// twice read once, documents slimmed for reporting, a bad path or document refused naming it (or
// skipped with skip_invalid), and the streamed digests counting the same runs.
#include "core/error.hpp"
#include "report/fleet.hpp"
#include "report/load_runs.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace gpuaudit
