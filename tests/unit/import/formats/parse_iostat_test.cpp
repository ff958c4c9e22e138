// Unit tests of the iostat parser (src/import/formats/parse_iostat.cpp).
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

TEST(ImportHostCpu, IostatCountsTheFirstReportOnlyWithDashY) {
  const std::string reports =
      "Linux 5.15.0 (gpu-vm) \t11/30/2026 \t_x86_64_\t(8 CPU)\n\n"
      "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
      "          50.00    0.00   10.00    5.00   30.00    5.00\n\n"
      "Device            r/s     rkB/s\nsda              1.00      4.00\n\n"
      "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
      "          50.00    0.00   10.00    1.00   20.00   19.00\n";
  EXPECT_EQ(detected(reports), "iostat");
  const auto plain = parse_as("iostat", reports);
  ASSERT_NE(row(plain, "host/steal"), nullptr);
  EXPECT_EQ(row(plain, "host/steal")->params["windows"], 1);  // the first is since boot
  EXPECT_DOUBLE_EQ(row(plain, "host/steal")->derived.at("whole_run_pct"), 20);
  const auto y = parse_as("iostat", "$ iostat -xy 2 2\n" + reports);
  EXPECT_EQ(row(y, "host/steal")->params["windows"], 2);  // -y: both are intervals
  EXPECT_DOUBLE_EQ(row(y, "host/steal")->derived.at("whole_run_pct"), 25);
  EXPECT_DOUBLE_EQ(row(y, "host/steal")->params["interval_s"].get<double>(), 2);
  EXPECT_EQ(y.host.vcpus, 8);
}

// Real: Azure's AKS troubleshooting docs, `iostat -xy 1 1` on an 8-vCPU node (fixture and sidecar).
TEST(ImportIostat, ARealNodeReportAndItsCutHalf) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("iostat") / "azure-docs-aks-node-iostat-xy-1-1.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "iostat");
  const auto p = parse_as("iostat", raw);
  ASSERT_NE(row(p, "host/steal"), nullptr);
  EXPECT_EQ(row(p, "host/steal")->params["windows"], 1);
  EXPECT_EQ(row(p, "host/steal")->params["snapshot"], false);
  EXPECT_NEAR(row(p, "host/steal")->derived.at("idle_pct"), 91.76, 0.01);
  ASSERT_NE(row(p, "host/iowait"), nullptr);
  EXPECT_NEAR(row(p, "host/iowait")->derived.at("whole_run_pct"), 1.9, 0.01);
  EXPECT_EQ(p.host.vcpus, 8);
  const auto cut = parse_as("iostat", raw.substr(0, raw.size() / 2));
  EXPECT_TRUE(cut.benchmarks.empty() || !cut.skipped.empty() || row(cut, "host/steal") != nullptr);
  EXPECT_TRUE(parse_as("iostat", "avg-cpu: %user\n\x01garbage 1 2 3\n").benchmarks.empty());
}

}  // namespace
}  // namespace gpuaudit::imports
