// The host table `gpuaudit run` prints (host_table.hpp), as golden text: its own columns (no GPU,
// clock or power), the figure each row is judged on beside the median, no CV% of a share near
// zero, and a skipped check's reason under "note". The rows are synthetic, typical of a 2-vCPU VM.
//
// report/host_table: the host half of `gpuaudit run`'s table on a real scenario document
// (tests/data/scenarios/host-bound-steal.synthetic.json): one row per host check, the figure the
// host-bound rule judges beside the median, CV% only where it says something.
#include "core/stats.hpp"
#include "report/host_table.hpp"
#include "report/results_text.hpp"
#include "core/document_io.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

BenchmarkResult host_row(const std::string& name, const std::string& unit, std::vector<double> samples) {
  BenchmarkResult b;
  b.name = name;
  b.unit = unit;
  b.status = "ok";
  b.samples = std::move(samples);
  b.summary = summarize(b.samples);
  return b;
}

ResultDocument synthetic_host_doc() {
  ResultDocument doc;
  doc.synthetic = true;
  doc.synthetic_source = "host_table_test.cpp";
  BenchmarkResult single = host_row("host/cpu_single", "Mops/s", {9000, 9100, 8900});
  single.derived["foreign_cpu_pct"] = 3.2;
  doc.benchmarks.push_back(single);
  BenchmarkResult all = host_row("host/cpu_all", "Mops/s", {15800, 16000, 15900});
  all.derived["all_core_ratio"] = 0.883;
  all.derived["foreign_cpu_pct"] = 2.4;
  doc.benchmarks.push_back(all);
  BenchmarkResult dec = host_row("host/decode_all", "images/s", {820, 790, 805});
  dec.derived["feeds_images_per_s"] = 805;
  dec.derived["feeds_images_per_s_per_gpu"] = 402.5;
  doc.benchmarks.push_back(dec);
  BenchmarkResult seq = host_row("host/disk_seq_read", "MB/s", {1480, 1510, 1495});
  seq.derived["p99_latency_us"] = 412;
  doc.benchmarks.push_back(seq);
  BenchmarkResult rnd;
  rnd.name = "host/disk_rand_read";
  rnd.unit = "IOPS";
  rnd.status = "skipped";
  rnd.message = "no --disk folder given";
  doc.benchmarks.push_back(rnd);
  BenchmarkResult steal = host_row("host/steal", "%", {0, 0, 0.2, 0});
  steal.derived["whole_run_pct"] = 0.05;
  doc.benchmarks.push_back(steal);
  // The case of issue #14: the median 1 s window is 0.5%, the whole run 3.1% (judged).
  BenchmarkResult iowait = host_row("host/iowait", "%", {0.4, 0.5, 0.6, 12});
  iowait.derived["whole_run_pct"] = 3.1;
  doc.benchmarks.push_back(iowait);
  return doc;
}

TEST(HostTable, GoldenText) {
  const std::string want =
      "host check            median  unit        min   cv%  n  judged                                  note\n"
      "host/cpu_single         9000  Mops/s     8900  1.11  3  others 3% of CPUs\n"
      "host/cpu_all           15900  Mops/s    15800  0.63  3  all-core ratio 0.88; others 2% of CPUs\n"
      "host/decode_all        805.0  images/s  790.0  1.86  3  feeds 805 images/s (402 per GPU)\n"
      "host/disk_seq_read      1495  MB/s       1480  1.00  3  p99 412.0 us\n"
      "host/disk_rand_read  skipped  IOPS                                                              no --disk folder given\n"
      "host/steal             0.000  %         0.000     -  4  whole run 0.1%\n"
      "host/iowait            0.550  %         0.400     -  4  whole run 3.1%\n";
  EXPECT_EQ(host_table(synthetic_host_doc()), want) << host_table(synthetic_host_doc());
}

TEST(HostTable, HostRowsLeaveTheGpuTableAndItsClockColumn) {
  ResultDocument doc = synthetic_host_doc();
  BenchmarkResult hbm = host_row("hbm/copy", "GB/s", {3000, 3010, 2990});
  hbm.gpu = 0;
  doc.benchmarks.insert(doc.benchmarks.begin(), hbm);
  BenchmarkResult skipped;
  skipped.name = "nccl/allreduce";
  skipped.unit = "GB/s";
  skipped.status = "skipped";
  skipped.message = "one GPU: no collective to run";
  doc.benchmarks.push_back(skipped);
  const std::string t = results_table(doc);
  const auto host_at = t.find("host check");
  ASSERT_NE(host_at, std::string::npos) << t;
  EXPECT_EQ(t.rfind("host/", host_at), std::string::npos) << "a host row in the GPU table:\n" << t;
  // The skip reason is under "note", not "clock events".
  const auto header_end = t.find('\n');
  const std::string header = t.substr(0, header_end);
  const auto nccl = t.find("nccl/allreduce");
  const std::string line = t.substr(nccl, t.find('\n', nccl) - nccl);
  EXPECT_EQ(line.find("one GPU"), header.find("note")) << t;
}

TEST(HostTable, NoTableWithoutHostRows) {
  EXPECT_EQ(host_table(ResultDocument{}), "");
}

}  // namespace
}  // namespace gpuaudit

namespace gpuaudit {
namespace on_a_scenario {

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

}  // namespace on_a_scenario
}  // namespace gpuaudit
