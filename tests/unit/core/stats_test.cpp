#include "core/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using gpuaudit::summarize;

TEST(Stats, MedianMinMaxOfOddCount) {
  const std::vector<double> v{3, 1, 2};
  const auto s = summarize(v);
  EXPECT_EQ(s.n, 3);
  EXPECT_DOUBLE_EQ(s.median, 2);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 3);
  EXPECT_DOUBLE_EQ(s.mean, 2);
  EXPECT_DOUBLE_EQ(s.stddev, 1);
  EXPECT_DOUBLE_EQ(s.cv, 0.5);
}

TEST(Stats, MedianOfEvenCountIsMidpoint) {
  const std::vector<double> v{4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(summarize(v).median, 2.5);
}

TEST(Stats, SingleSampleHasNoSpread) {
  const std::vector<double> v{7};
  const auto s = summarize(v);
  EXPECT_DOUBLE_EQ(s.cv, 0);
  EXPECT_DOUBLE_EQ(s.stddev, 0);
}

TEST(Stats, RefusesEmptyAndNonFinite) {
  EXPECT_THROW(summarize(std::vector<double>{}), std::invalid_argument);
  EXPECT_THROW(summarize(std::vector<double>{1, NAN}), std::invalid_argument);
}
