// Google Benchmark registration names and the --benchmark_filter gpuaudit builds (gbench_names.hpp):
// the filter selects exactly what run/suite.hpp's name_selected selects.
#include "measure/gbench_names.hpp"
#include "run/suite.hpp"

#include <gtest/gtest.h>

#include <regex>

using namespace gpuaudit;

namespace {
bool matches(const std::string& filter, const std::string& name) {
  return std::regex_search(name, std::regex(filter, std::regex::extended));
}
}  // namespace

TEST(GbenchNames, RoundTripWithGoogleBenchmarkSuffixes) {
  EXPECT_EQ(registration_name("hbm/copy", 2), "hbm/copy/gpu:2");
  EXPECT_EQ(registration_name("pcie/h2d_all", std::nullopt), "pcie/h2d_all/gpu:all");
  EXPECT_EQ(parse_registration_name("hbm/copy/gpu:2/iterations:1/manual_time"), (GbenchName{"hbm/copy", 2}));
  EXPECT_EQ(parse_registration_name("pcie/h2d_all/gpu:all"), (GbenchName{"pcie/h2d_all", std::nullopt}));
  EXPECT_FALSE(parse_registration_name("BM_Something/8"));
  EXPECT_FALSE(parse_registration_name("x/gpu:abc"));
}

TEST(GbenchNames, FilterSelectsWhatRunContextWouldSelect) {
  const std::vector<std::string> names{"hbm/copy", "hbm/read", "gemm/bf16", "gemm/bf16x", "sm/fp32", "pcie/h2d_all"};
  const std::vector<std::vector<std::string>> onlies{{}, {"hbm"}, {"gemm/bf16"}, {"gemm/bf"}, {"sm/", "pcie"}, {"hbm/copy", "sm"}};
  for (const auto& only : onlies) {
    const std::string f = gbench_filter(only, {});
    for (const auto& n : names)
      EXPECT_EQ(matches(f, registration_name(n, 0) + "/iterations:1/manual_time"), name_selected(n, only))
          << "filter " << f << " name " << n;
  }
}

TEST(GbenchNames, FilterSelectsGpusAndAlwaysTheAllGpuRun) {
  const std::string f = gbench_filter({"pcie"}, {0, 2});
  EXPECT_TRUE(matches(f, "pcie/h2d_pinned/gpu:0"));
  EXPECT_FALSE(matches(f, "pcie/h2d_pinned/gpu:1"));
  EXPECT_TRUE(matches(f, "pcie/h2d_pinned/gpu:2/manual_time"));
  EXPECT_FALSE(matches(f, "pcie/h2d_pinned/gpu:20"));
  EXPECT_TRUE(matches(f, "pcie/h2d_all/gpu:all"));
  EXPECT_FALSE(matches(f, "hbm/copy/gpu:0"));
}

TEST(GbenchNames, RegexCharactersInOnlyAreLiteral) {
  const std::string f = gbench_filter({"hbm.copy"}, {});
  EXPECT_FALSE(matches(f, "hbm/copy/gpu:0"));
  EXPECT_NO_THROW(std::regex(gbench_filter({"a(b"}, {}), std::regex::extended));
}
