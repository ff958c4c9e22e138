// Unit tests of the p2pBandwidthLatencyTest parser (src/import/formats/parse_p2p_latency.cpp).
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit::imports {
namespace {

// The fixture's bytes up to and including the first `through` in them ("" when it is not there).
std::string cut_through(const std::string& format, const std::string& file, const std::string& through) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir(format) / file);
  const auto at = raw.find(through);
  return at == std::string::npos ? std::string() : raw.substr(0, at + through.size());
}

const GpuInfo* gpu_at(const ImportPart& p, int index) {
  for (const auto& g : p.gpus)
    if (g.index == index) return &g;
  return nullptr;
}

bool skipped_has(const ImportPart& p, const std::string& what) {
  for (const auto& s : p.skipped)
    if (s.find(what) != std::string::npos) return true;
  return false;
}

TEST(ImportCutMidLine, P2pDeviceLineCutBeforePciBusId) {
  const std::string raw = cut_through("p2pBandwidthLatencyTest", "rtx4090-x2-p2p-disabled-vs-enabled-cut.txt", "Device: 1, NVI");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("p2pBandwidthLatencyTest", raw);
  for (const auto& g : p.gpus) EXPECT_NE(g.name, "NVI") << g.index;
  EXPECT_TRUE(skipped_has(p, "cut before pciBusID"));
  const GpuInfo* zero = gpu_at(p, 0);
  ASSERT_NE(zero, nullptr);
  EXPECT_EQ(zero->name, "NVIDIA GeForce RTX 4090");
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

TEST(ImportP2pLatency, ASecondRunInTheFileIsNamedNotMixedIn) {
  const auto file = std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" / "lambda-titanrtx-x8-and-dgx2-one-readme" / "README.md";
  const ImportPart p = import_test::parse_as("p2pBandwidthLatencyTest", import_test::read_bytes(file.string()), "README.md");
  ASSERT_EQ(p.gpus.size(), 8u);  // the eight TITAN RTX, not the DGX-2's sixteen V100 beside them
  for (const auto& g : p.gpus) EXPECT_EQ(g.name, "TITAN RTX");
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("2 runs of the test in one file"), std::string::npos) << p.warnings[0];
  EXPECT_NE(p.warnings[0].find("line 205"), std::string::npos) << p.warnings[0];
}

}  // namespace
}  // namespace gpuaudit::imports
