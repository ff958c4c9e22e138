// cli/cmd_report: `gpuaudit report` over the synthetic fleet of tests/data/report: the groups and
// the cost table as text, a CSV file beside it; a corrupt document refused naming it, or skipped.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit {
namespace {

TEST(CmdReport, FleetAsTextAndCsv) {
  ScratchDir tmp("report");
  const auto r = run_gpuaudit({"report", test_data("report/fleet-synthetic"), "--csv", tmp.file("fleet.csv")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "gpuaudit report: 11 runs in 4 groups (by provider, region, gpu)")) << r.out;
  EXPECT_TRUE(contains(r.out, "cheapest dense BF16 first")) << r.out;
  EXPECT_GT(std::filesystem::file_size(tmp.file("fleet.csv")), 0u);
  const auto one = run_gpuaudit({"report", test_data("report/fleet-synthetic"), "--group-by", ""});
  EXPECT_TRUE(contains(one.out, "11 runs in 1 group")) << one.out;
}

TEST(CmdReport, CorruptDocumentNamedOrSkipped) {
  const std::string fleet = test_data("report/fleet-synthetic"), bad = test_data("compare/corrupt-synthetic.json");
  const auto r = run_gpuaudit({"report", fleet, bad});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "corrupt-synthetic.json")) << r.err;
  EXPECT_EQ(run_gpuaudit({"report", fleet, bad, "--skip-invalid"}).exit_code, 0);
  EXPECT_EQ(run_gpuaudit({"report", "/nonexistent/folder"}).exit_code, 2);
}

}  // namespace
}  // namespace gpuaudit
