// The thermal rule on the T.Limit scale (docs/scoring.md, thermal-throttled): Hopper and later cards
// under drivers 565+ print their temperature as a margin below T.Limit and their thresholds as
// offsets on that scale, with no absolute thresholds. The base is a real 565.57.01 `nvidia-smi -q`
// of an idle 8x H100 SXM (thamada/gls, tests/data/imports/nvidia-smi-q/h100-sxm-x8-thamada-gls.txt:
// 30 C, margin 57 C, max operating at 0, slowdown at -2); the hot variants are SYNTHETIC, made by
// this test by rewriting GPU 0's temperature, utilisation and clock lines (no public post of a hot
// Hopper card in the T.Limit layout was found).
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

using import_and_score::find_finding;

const std::string kReal = imports::import_test::read_bytes(imports::import_test::fixture_dir("nvidia-smi-q") /
                                                           "h100-sxm-x8-thamada-gls.txt");

// GPU 0's first occurrence of `from` replaced by `to` (the fixture's first GPU section comes first).
std::string replace_first(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

// GPU 0 at `temp_c` with T.Limit margin `margin_c`, `util` busy, SM clock `sm_mhz` (max 1980).
std::string synthetic(int temp_c, int margin_c, const std::string& util, int sm_mhz) {
  std::string s = replace_first(kReal, "GPU Current Temp                  : 30 C",
                                "GPU Current Temp                  : " + std::to_string(temp_c) + " C");
  s = replace_first(s, "GPU T.Limit Temp                  : 57 C",
                    "GPU T.Limit Temp                  : " + std::to_string(margin_c) + " C");
  s = replace_first(s, "        Gpu                               : 0 %", "        Gpu                               : " + util);
  return replace_first(s, "        SM                                : 345 MHz",
                       "        SM                                : " + std::to_string(sm_mhz) + " MHz");
}

std::vector<Finding> findings(const std::string& text) {
  return import_and_score::findings_of_texts({{"smi-q.txt", text}});
}

using import_and_score::evidence_has;

TEST(ThermalTLimit, TheRealIdleDumpFarFromItsLimitIsNotThermal) {
  ASSERT_FALSE(kReal.empty());
  const auto fs = findings(kReal);
  for (int gpu = 0; gpu < 8; ++gpu) EXPECT_EQ(find_finding(fs, "thermal-throttled", gpu), nullptr) << gpu;
}

TEST(ThermalTLimit, SyntheticBusyPastTheSlowdownOffsetWithALowClockIsThrottled) {
  const auto fs = findings(synthetic(89, -3, "100 %", 1500));
  const Finding* f = find_finding(fs, "thermal-throttled", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");  // at the slowdown offset AND the clock at 76% of max
  EXPECT_TRUE(evidence_has(*f, "GPU T.Limit Temp -3 C")) << f->evidence.front();
  EXPECT_TRUE(evidence_has(*f, "at its slowdown threshold"));
  EXPECT_EQ(f->figures.at("t_limit_margin_c"), -3);
  for (int gpu = 1; gpu < 8; ++gpu) EXPECT_EQ(find_finding(fs, "thermal-throttled", gpu), nullptr) << gpu;
}

TEST(ThermalTLimit, SyntheticBusyAtTheMaxOperatingOffsetWithALowClockIsThrottled) {
  const auto fs = findings(synthetic(86, 1, "100 %", 1600));
  const Finding* f = find_finding(fs, "thermal-throttled", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(evidence_has(*f, "at its max operating temperature"));
}

TEST(ThermalTLimit, SyntheticBusyAtTheLimitAtFullClockIsNotThrottlingYet) {
  EXPECT_EQ(find_finding(findings(synthetic(88, -2, "100 %", 1980)), "thermal-throttled", 0), nullptr);
}

TEST(ThermalTLimit, SyntheticBusyWithMarginLeftIsNotThermal) {
  EXPECT_EQ(find_finding(findings(synthetic(80, 7, "100 %", 1500)), "thermal-throttled", 0), nullptr);
}

TEST(ThermalTLimit, SyntheticIdleAtItsLimitIsASignAtInventoryOnly) {
  const auto fs = findings(synthetic(87, 0, "0 %", 345));
  const Finding* f = find_finding(fs, "thermal-throttled", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "at inventory: GPU T.Limit Temp 0 C"));
}

}  // namespace
}  // namespace gpuaudit
