#include "compare/mann_whitney.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

using gpuaudit::mann_whitney_u;
using gpuaudit::smallest_possible_p;

namespace {

// Independent reference: enumerate every way to split the pooled samples into groups of n1 and n2
// and count how many give a U at least as far from the mean as the observed one.
double brute_force_p(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> all = x;
  all.insert(all.end(), y.begin(), y.end());
  const int n = static_cast<int>(all.size()), n1 = static_cast<int>(x.size());
  auto u_of = [&](unsigned mask) {
    double u = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if ((mask >> i & 1u) && !(mask >> j & 1u)) u += all[i] > all[j] ? 1 : all[i] == all[j] ? 0.5 : 0;
    return u;
  };
  const double mean = n1 * (n - n1) / 2.0;
  const double observed = std::fabs(u_of((1u << n1) - 1) - mean);
  double hits = 0, total = 0;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    if (__builtin_popcount(mask) != n1) continue;
    total += 1;
    if (std::fabs(u_of(mask) - mean) >= observed - 1e-9) hits += 1;
  }
  return hits / total;
}

}  // namespace

TEST(MannWhitney, SciPyDocumentationExampleExact) {
  // scipy.stats.mannwhitneyu(males, females, method="exact") -> U = 17, p = 0.1111 (= 14/126)
  const std::vector<double> males{19, 22, 16, 29, 24}, females{20, 11, 17, 12};
  const auto r = mann_whitney_u(males, females);
  EXPECT_DOUBLE_EQ(r.u, 17);
  EXPECT_TRUE(r.exact);
  EXPECT_NEAR(r.p_value, 14.0 / 126.0, 1e-12);
}

TEST(MannWhitney, ExactMatchesBruteForceEnumeration) {
  const std::vector<std::vector<double>> xs{{1, 5, 9}, {3.5, 1.25, 8, 2, 7}, {10, 20, 30, 40}, {4, 8, 15, 16, 23, 42}};
  const std::vector<std::vector<double>> ys{{2, 3, 4, 6}, {6, 9, 11}, {1, 2, 3, 50, 60}, {5, 7, 9, 11, 13, 17}};
  for (size_t i = 0; i < xs.size(); ++i) {
    const auto r = mann_whitney_u(xs[i], ys[i]);
    ASSERT_TRUE(r.exact);
    EXPECT_NEAR(r.p_value, brute_force_p(xs[i], ys[i]), 1e-12) << "case " << i;
  }
}

TEST(MannWhitney, CompletelySeparatedSamplesGiveTheSmallestP) {
  std::vector<double> x, y;
  for (int i = 0; i < 10; ++i) {
    x.push_back(i);
    y.push_back(100 + i);
  }
  const auto r = mann_whitney_u(x, y);
  EXPECT_DOUBLE_EQ(r.u, 0);
  EXPECT_NEAR(r.p_value, 2.0 / 184756.0, 1e-15);  // 2 / C(20, 10)
  EXPECT_NEAR(smallest_possible_p(10, 10), 2.0 / 184756.0, 1e-15);
  EXPECT_DOUBLE_EQ(mann_whitney_u(y, x).u, 100);
}

TEST(MannWhitney, TiesUseTheNormalApproximationWithTieCorrection) {
  // Reference: SciPy's asymptotic formula (mid-ranks, tie-corrected variance, continuity correction).
  const std::vector<double> x{1, 2, 2, 3, 4}, y{2, 3, 5, 6, 6, 7};
  const auto r = mann_whitney_u(x, y);
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 4.5);
  EXPECT_NEAR(r.p_value, 0.06414661873440443, 1e-12);
}

TEST(MannWhitney, LargeSamplesUseTheNormalApproximation) {
  std::vector<double> x, y, z;
  for (int i = 0; i < 60; ++i) {
    x.push_back(i);
    y.push_back(30 + i);
    z.push_back(i + 0.5);
  }
  const auto overlap = mann_whitney_u(x, y);
  EXPECT_FALSE(overlap.exact);
  EXPECT_DOUBLE_EQ(overlap.u, 450);
  EXPECT_NEAR(overlap.p_value, 1.4065275903970681e-12, 1e-20);
  const auto shifted = mann_whitney_u(x, z);  // no ties, but 60 x 60 is past the exact limit
  EXPECT_FALSE(shifted.exact);
  EXPECT_DOUBLE_EQ(shifted.u, 1770);
  EXPECT_NEAR(shifted.p_value, 0.8769515201868247, 1e-12);
}

TEST(MannWhitney, IdenticalSamplesAreNotDifferent) {
  const std::vector<double> x{5, 5, 5, 5}, y{5, 5, 5};
  const auto r = mann_whitney_u(x, y);
  EXPECT_DOUBLE_EQ(r.p_value, 1.0);
}

TEST(MannWhitney, SmallestPossiblePTellsWhenTheTestCanDecide) {
  EXPECT_NEAR(smallest_possible_p(3, 3), 0.1, 1e-12);  // can never reach 0.05
  EXPECT_NEAR(smallest_possible_p(4, 4), 2.0 / 70.0, 1e-12);
  EXPECT_NEAR(smallest_possible_p(1, 1), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(smallest_possible_p(0, 5), 1.0);
}

TEST(MannWhitney, EmptySideIsRefused) {
  const std::vector<double> x{1, 2}, none;
  EXPECT_THROW(mann_whitney_u(x, none), std::invalid_argument);
}
