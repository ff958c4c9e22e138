// When a benchmark stops sampling (sampling_policy.hpp): minimum and maximum samples, target CV,
// budget and hard cap.
#include "measure/sampling_policy.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

namespace {
SamplingPolicy policy() {
  SamplingPolicy p;
  p.min_samples = 3;
  p.max_samples = 6;
  p.target_cv = 0.01;
  p.budget_s = 1.0;
  p.hard_cap_s = 5.0;
  return p;
}
}  // namespace

TEST(SamplingPolicy, KeepsGoingBelowMinimumEvenWhenSteady) {
  EXPECT_EQ(should_stop({1.0, 1.0}, 0.1, policy()), StopReason::keep_going);
}

TEST(SamplingPolicy, StopsOnceTheSpreadIsSmall) {
  EXPECT_EQ(should_stop({1.0, 1.001, 0.999}, 0.1, policy()), StopReason::converged);
}

TEST(SamplingPolicy, NoisySamplesRunUntilTheBudget) {
  EXPECT_EQ(should_stop({1.0, 1.5, 0.7}, 0.5, policy()), StopReason::keep_going);
  EXPECT_EQ(should_stop({1.0, 1.5, 0.7}, 1.0, policy()), StopReason::budget);
}

TEST(SamplingPolicy, NeverMoreThanMaxSamples) {
  EXPECT_EQ(should_stop({1, 2, 3, 4, 5, 6}, 0.0, policy()), StopReason::max_samples);
}

TEST(SamplingPolicy, HardCapEndsVerySlowWorkAfterTwoSamples) {
  EXPECT_EQ(should_stop({1.0}, 6.0, policy()), StopReason::keep_going);
  EXPECT_EQ(should_stop({1.0, 2.0}, 6.0, policy()), StopReason::hard_cap);
}

TEST(SamplingPolicy, FullModeSamplesLongerAndTighterThanQuick) {
  const auto q = default_policy("quick"), f = default_policy("full");
  EXPECT_GT(f.budget_s, q.budget_s);
  EXPECT_GE(f.min_samples, q.min_samples);
  EXPECT_LT(f.target_cv, q.target_cv);
  EXPECT_EQ(to_string(StopReason::converged), "converged");
}
