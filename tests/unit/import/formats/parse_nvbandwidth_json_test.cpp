// Unit tests of the nvbandwidth -j parser (src/import/formats/parse_nvbandwidth_json.cpp) on the fixtures of
// tests/data/imports/nvbandwidth-json/: GPUs, matrix rows and pcie/* rows; a cut file is said.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::fixture_dir;
using import_test::parse_as;
using import_test::read_bytes;

const BenchmarkResult* row(const ImportPart& p, const std::string& name, std::optional<int> gpu = std::nullopt) {
  for (const auto& b : p.benchmarks)
    if (b.name == name && b.gpu == gpu) return &b;
  return nullptr;
}

TEST(ImportNvbandwidthJson, EightRtx5090sAndTheirCopyFigures) {
  // Synthetic: a real nvbandwidth text excerpt written in nvbandwidth's -j layout (see its sidecar).
  const std::string raw = read_bytes(fixture_dir("nvbandwidth-json") / "bench-8x-rtx5090-from-text-synthetic.json");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "nvbandwidth-json");
  const ImportPart p = parse_as("nvbandwidth-json", raw, "nvb.json");
  EXPECT_EQ(p.gpus.size(), 8u);
  const BenchmarkResult* h2d = row(p, "nvbandwidth/host_to_device_memcpy_ce");
  ASSERT_NE(h2d, nullptr);
  EXPECT_NEAR(h2d->value().value_or(0), 450.84, 0.01);
  ASSERT_NE(row(p, "pcie/h2d_pinned", 7), nullptr);
  EXPECT_NEAR(row(p, "pcie/h2d_pinned", 7)->value().value_or(0), 56.41, 0.01);
  ASSERT_NE(row(p, "pcie/d2h_pinned", 4), nullptr);
  EXPECT_NEAR(row(p, "pcie/d2h_pinned", 4)->value().value_or(0), 57.29, 0.01);
}

TEST(ImportNvbandwidthJson, ACutFileIsSkippedWithTheReason) {
  const std::string raw = read_bytes(fixture_dir("nvbandwidth-json") / "bench-8x-rtx5090-truncated-synthetic.json");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = parse_as("nvbandwidth-json", raw, "cut.json");
  EXPECT_TRUE(p.empty() || (p.benchmarks.empty() && p.gpus.empty()));
  ASSERT_FALSE(p.skipped.empty());
  EXPECT_NE(p.skipped.front().find("not valid JSON"), std::string::npos) << p.skipped.front();
  const ImportPart other = parse_as("nvbandwidth-json", R"({"DCGM GPU Diagnostic": {}})");
  EXPECT_TRUE(other.benchmarks.empty());
  ASSERT_FALSE(other.skipped.empty());
  EXPECT_NE(other.skipped.front().find("nvbandwidth"), std::string::npos) << other.skipped.front();
}

}  // namespace
}  // namespace gpuaudit::imports
