// compare/verdict: regressed, improved or same from two runs' samples (tolerance, scatter, the U test,
// ranges when samples are too few).
#include "compare/verdict.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace gpuaudit;

namespace {

// n samples spread evenly over centre +- spread; the median is the centre.
Measured around(double centre, double spread, int n = 10) {
  Measured m{centre, {}};
  for (int i = 0; i < n; ++i) m.samples.push_back(centre + spread * (2.0 * i / (n - 1) - 1));
  return m;
}

}  // namespace

TEST(Verdict, TwentyPercentDropWithSmallNoiseRegresses) {
  const auto j = judge(around(3000, 10), around(2400, 10), true, 5);
  EXPECT_EQ(j.verdict, Verdict::regressed);
  ASSERT_TRUE(j.change_pct);
  EXPECT_NEAR(*j.change_pct, -20, 0.01);
  ASSERT_TRUE(j.p_value);
  EXPECT_LT(*j.p_value, 0.001);
  EXPECT_EQ(j.method, "u-test");
}

TEST(Verdict, LowerIsBetterFlipsTheDirection) {
  EXPECT_EQ(judge(around(2.5, 0.01), around(3.0, 0.01), false, 5).verdict, Verdict::regressed);
  EXPECT_EQ(judge(around(2.5, 0.01), around(2.0, 0.01), false, 5).verdict, Verdict::improved);
  EXPECT_EQ(judge(around(100, 1), around(120, 1), true, 5).verdict, Verdict::improved);
}

TEST(Verdict, SmallChangeWithinToleranceIsSame) {
  // Significant (the samples are tight) but only 1%: below the 5% tolerance.
  const auto j = judge(around(1000, 1), around(990, 1), true, 5);
  EXPECT_EQ(j.verdict, Verdict::same);
  EXPECT_TRUE(j.significant);
  EXPECT_NE(j.reason.find("tolerance"), std::string::npos);
  // ...and a tighter tolerance does call it.
  EXPECT_EQ(judge(around(1000, 1), around(990, 1), true, 0.5).verdict, Verdict::regressed);
}

TEST(Verdict, ChangeWithinTheRunsOwnScatterIsSame) {
  // -8% is beyond the 5% tolerance, but each run scatters by ~15%.
  Measured b{1000, {700, 850, 1000, 1150, 1300, 800, 1200, 950, 1050, 1000}};
  Measured n{920, {650, 780, 920, 1060, 1190, 740, 1100, 870, 970, 920}};
  const auto j = judge(b, n, true, 5);
  EXPECT_EQ(j.verdict, Verdict::same);
  EXPECT_GT(j.noise_pct, 8);
  EXPECT_NE(j.reason.find("noise"), std::string::npos);
}

TEST(Verdict, LargeButInsignificantChangeIsSame) {
  // -9.5% between medians, beyond tolerance and the ~5% scatter, but with 4 samples each and one
  // outlier on each side the ranks interleave: the U test gives p ~ 0.3.
  Measured b{99.75, {100, 100.5, 99.5, 90}};
  Measured n{90.25, {90.5, 89.5, 90, 100}};
  const auto j = judge(b, n, true, 1);
  ASSERT_TRUE(j.p_value);
  EXPECT_GT(*j.p_value, 0.2);
  EXPECT_FALSE(j.significant);
  EXPECT_EQ(j.verdict, Verdict::same);
  EXPECT_NE(j.reason.find("not significant"), std::string::npos);
}

TEST(Verdict, TooFewSamplesFallBackToRanges) {
  // 3 against 3: the best two-sided p is 0.1, so the ranges decide.
  const auto apart = judge({100, {99, 100, 101}}, {80, {79, 80, 81}}, true, 5);
  EXPECT_EQ(apart.method, "ranges");
  EXPECT_FALSE(apart.p_value);
  EXPECT_EQ(apart.verdict, Verdict::regressed);
  const auto overlapping = judge({100, {70, 100, 130}}, {80, {60, 80, 110}}, true, 5);
  EXPECT_EQ(overlapping.verdict, Verdict::same);
  // A single value each (no samples stored): ranges are points, the tolerance decides.
  EXPECT_EQ(judge({100, {}}, {80, {}}, true, 5).verdict, Verdict::regressed);
  EXPECT_EQ(judge({100, {}}, {97, {}}, true, 5).verdict, Verdict::same);
}

TEST(Verdict, ZeroBaseHasNoPercentage) {
  const auto j = judge({0, {0, 0, 0, 0, 0}}, {0.5, {0.5, 0.6, 0.4, 0.5, 0.5}}, false, 5);
  EXPECT_FALSE(j.change_pct);
  EXPECT_EQ(j.verdict, Verdict::regressed);
  EXPECT_EQ(judge({0, {}}, {0, {}}, false, 5).verdict, Verdict::same);
}

