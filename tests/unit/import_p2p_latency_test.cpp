// import/parse_p2p_latency.cpp: one run per file. A README that posts the test's output of two
// machines (a TITAN RTX box, then a DGX-2) is read up to the second banner, with a warning naming it.
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>

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
