// Unit tests of the mpstat parser (src/import/formats/parse_mpstat.cpp).
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;

ImportPart parse_as(const char* format, const std::string& raw) { return import_test::parse_as(format, raw, "host.txt"); }

const BenchmarkResult* row(const ImportPart& p, const std::string& name) {
  for (const auto& b : p.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(ImportHostCpu, MpstatAverageIsTheWholeRunAndPerCpuStealIsKept) {
  const std::string raw =
      "Linux 5.15.0-1051-azure (gpu-vm) \t11/30/2026 \t_x86_64_\t(4 CPU)\n\n"
      "10:00:00 AM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
      "10:00:01 AM  all   70.00    0.00    5.00    0.00    0.00    1.00   20.00    0.00    0.00    4.00\n"
      "10:00:01 AM    0   70.00    0.00    5.00    0.00    0.00    1.00   40.00    0.00    0.00    0.00\n"
      "10:00:02 AM  all   72.00    0.00    5.00    0.00    0.00    1.00   18.00    0.00    0.00    4.00\n"
      "Average:     all   71.00    0.00    5.00    0.00    0.00    1.00   19.00    0.00    0.00    4.00\n"
      "Average:       0   71.00    0.00    5.00    0.00    0.00    1.00   39.00    0.00    0.00    0.00\n";
  EXPECT_EQ(detected(raw), "mpstat");
  const auto p = parse_as("mpstat", raw);
  EXPECT_EQ(p.host.vcpus, 4);
  EXPECT_EQ(p.host.hostname, "gpu-vm");
  const auto* st = row(p, "host/steal");
  ASSERT_NE(st, nullptr);
  EXPECT_EQ(st->params["windows"], 2);
  EXPECT_DOUBLE_EQ(st->derived.at("whole_run_pct"), 19);
  EXPECT_DOUBLE_EQ(st->derived.at("max_cpu_steal_pct"), 39);
  EXPECT_DOUBLE_EQ(st->params["interval_s"].get<double>(), 1);
}

TEST(ImportHostCpu, SarColumnOrderIsNotTakenForMpstat) {
  const std::string raw =
      "Linux 5.15.0 (host) \t11/30/2026 \t_x86_64_\t(8 CPU)\n\n"
      "12:00:01 AM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
      "12:10:01 AM     all     10.00      0.00      2.00      0.00     30.00     58.00\n";
  EXPECT_NE(detected(raw), "mpstat");
}

// Real: Azure's AKS troubleshooting docs, `mpstat -P ALL 1 1` on an 8-vCPU node (fixture and sidecar).
TEST(ImportMpstat, ARealNodeReportPerCpuAndItsCutHalf) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("mpstat") / "azure-docs-aks-node-mpstat-P-ALL.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "mpstat");
  const auto p = parse_as("mpstat", raw);
  ASSERT_NE(row(p, "host/steal"), nullptr);
  EXPECT_EQ(row(p, "host/steal")->params["windows"], 1);
  EXPECT_NEAR(row(p, "host/steal")->derived.at("whole_run_pct"), 0, 0.01);
  EXPECT_NEAR(row(p, "host/steal")->derived.at("idle_pct"), 96.11, 0.01);
  ASSERT_NE(row(p, "host/iowait"), nullptr);
  EXPECT_NEAR(row(p, "host/iowait")->derived.at("whole_run_pct"), 2.14, 0.01);
  EXPECT_NEAR(row(p, "host/iowait")->params["per_cpu"][0]["iowait_pct"].get<double>(), 17.17, 0.01);
  EXPECT_EQ(p.host.vcpus, 8);
  for (std::size_t n = 0; n < raw.size(); n += 53) (void)parse_as("mpstat", raw.substr(0, n));
}

}  // namespace
}  // namespace gpuaudit::imports
