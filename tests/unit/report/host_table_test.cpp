// report/host_table: the host half of `gpuaudit run`'s table on a real scenario document
// (tests/data/scenarios/host-bound-steal.synthetic.json): one row per host check, the figure the
// host-bound rule judges beside the median, CV% only where it says something.
#include "core/document_io.hpp"
#include "report/host_table.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

const std::string kScenarios = std::string(GPUAUDIT_TEST_DATA) + "/scenarios/";

BenchmarkResult host_row(const std::string& name, const std::string& unit, double median, double cv) {
  BenchmarkResult b;
  b.name = name;
  b.unit = unit;
  b.status = "ok";
  b.samples = {median, median, median};
  Summary s;
  s.n = 3;
  s.median = s.min = s.max = s.mean = median;
  s.cv = cv;
  b.summary = s;
  return b;
}

TEST(HostTable, OneRowPerHostCheckOfARealScenario) {
  const ResultDocument doc = read_result(kScenarios + "host-bound-steal.synthetic.json");
  const std::string t = host_table(doc);
  EXPECT_EQ(t.rfind("host check", 0), 0u) << t;
  EXPECT_NE(t.find("host/steal"), std::string::npos) << t;
  EXPECT_NE(t.find("host/cpu_single"), std::string::npos) << t;
  EXPECT_NE(t.find("all-core ratio 0.93"), std::string::npos) << t;  // derived.all_core_ratio of host/cpu_all
  EXPECT_EQ(t.find("gemm/"), std::string::npos) << t;                 // GPU rows are not host rows
  EXPECT_EQ(t.find("note"), std::string::npos) << t;                  // no message: no note column
}

TEST(HostTable, NoHostRowNoTable) {
  ResultDocument doc = read_result(kScenarios + "host-bound-steal.synthetic.json");
  std::erase_if(doc.benchmarks, [](const BenchmarkResult& b) { return is_host_row(b); });
  EXPECT_EQ(host_table(doc), "");
}

TEST(HostTable, HostRowsAreHostNamesWithoutAGpu) {
  BenchmarkResult b = host_row("host/steal", "%", 12, 0.01);
  EXPECT_TRUE(is_host_row(b));
  b.gpu = 0;
  EXPECT_FALSE(is_host_row(b));
  EXPECT_FALSE(is_host_row(host_row("hbm/copy", "GB/s", 3000, 0.01)));
}

TEST(HostTable, SpreadSaysNothingAroundZeroOrBelowOnePercentPoint) {
  EXPECT_EQ(spread_cell(host_row("host/cpu_all", "Mops/s", 9962, 0.0079)), "0.79");
  EXPECT_EQ(spread_cell(host_row("host/iowait", "%", 0.02, 3.0)), "-");
  EXPECT_EQ(spread_cell(host_row("host/steal", "%", 0, 0)), "-");
  BenchmarkResult failed = host_row("host/disk", "MB/s", 0, 0);
  failed.summary.reset();
  EXPECT_EQ(spread_cell(failed), "");
}

TEST(HostTable, JudgedCellNamesWhatTheRuleJudges) {
  BenchmarkResult all = host_row("host/cpu_all", "Mops/s", 9962, 0.01);
  all.derived["all_core_ratio"] = 0.88;
  all.derived["foreign_cpu_pct"] = 2;
  EXPECT_EQ(host_judged_cell(all), "all-core ratio 0.88; others 2% of CPUs");
  BenchmarkResult steal = host_row("host/steal", "%", 3, 0.1);
  steal.derived["whole_run_pct"] = 4.3;
  EXPECT_EQ(host_judged_cell(steal), "whole run 4.3%");
  BenchmarkResult decode = host_row("host/decode", "images/s", 900, 0.02);
  decode.derived["feeds_images_per_s"] = 1800;
  decode.derived["feeds_images_per_s_per_gpu"] = 225;
  EXPECT_EQ(host_judged_cell(decode), "feeds 1800 images/s (225 per GPU)");
  EXPECT_EQ(host_judged_cell(host_row("host/cpu_single", "Mops/s", 412, 0.01)), "");  // its median is judged
}

}  // namespace
}  // namespace gpuaudit
