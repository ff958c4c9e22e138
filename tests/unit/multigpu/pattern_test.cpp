// The fill/check pattern: every expected value is what a brute-force sum or copy gives, and
// stays exactly representable in float and bf16.
#include "multigpu/pattern.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace gpuaudit::multigpu;

namespace {
double brute_sum(const Pattern& p, std::uint64_t i) {
  double s = 0;
  for (std::uint64_t r = 0; r < p.n; ++r) s += p.value(i, r);
  return s;
}
}  // namespace

TEST(MultiGpuPattern, SumsMatchBruteForceForManyRankCounts) {
  for (int n : {1, 2, 3, 4, 7, 8, 16, 17, 64, 300, 1000})
    for (double limit : {kExactFloat, kExactBf16}) {
      const Pattern p = make_sum_pattern(n, limit);
      for (std::uint64_t i : {0ull, 1ull, 15ull, 16ull, 12345ull, 268435455ull}) {
        EXPECT_EQ(p.sum(i), brute_sum(p, i)) << "n=" << n << " limit=" << limit << " i=" << i;
        EXPECT_LE(p.sum(i), limit);
      }
    }
}

TEST(MultiGpuPattern, Bf16UsesOneHotOnlyWhenSmallIntegersOverflow) {
  EXPECT_FALSE(make_sum_pattern(8, kExactBf16).one_hot);
  EXPECT_GE(make_sum_pattern(8, kExactBf16).m, 8u);
  EXPECT_TRUE(make_sum_pattern(300, kExactBf16).one_hot);
  EXPECT_FALSE(make_sum_pattern(300, kExactFloat).one_hot);
  EXPECT_EQ(make_sum_pattern(8, kExactFloat).m, 16u);
}

TEST(MultiGpuPattern, RankModSumClosedForm) {
  for (std::uint64_t n = 1; n < 50; ++n)
    for (std::uint64_t m = 2; m <= 16; ++m) {
      std::uint64_t s = 0;
      for (std::uint64_t r = 0; r < n; ++r) s += r % m;
      EXPECT_EQ(rank_mod_sum(n, m), s) << n << " " << m;
    }
}

TEST(MultiGpuPattern, GatherLayoutsPutEachRanksChunkInPlace) {
  const int n = 4;
  const std::uint64_t count = 5;
  const Pattern p = make_copy_pattern(n, kExactBf16);
  EXPECT_LE(2.0 * (p.m - 1), kExactBf16);
  // all-gather: chunk s of the output is rank s's input.
  for (std::uint64_t s = 0; s < n; ++s)
    for (std::uint64_t k = 0; k < count; ++k) EXPECT_EQ(expected_allgather(p, s * count + k, count), p.value(k, s));
  // all-to-all: rank r's chunk s is what s sent to r (its input elements r*count ...).
  for (std::uint64_t r = 0; r < n; ++r)
    for (std::uint64_t s = 0; s < n; ++s)
      for (std::uint64_t k = 0; k < count; ++k)
        EXPECT_EQ(expected_alltoall(p, s * count + k, count, r), p.value(r * count + k, s));
  // reduce-scatter: rank r keeps the sum of chunk r.
  const Pattern q = make_sum_pattern(n, kExactFloat);
  for (std::uint64_t r = 0; r < n; ++r)
    for (std::uint64_t k = 0; k < count; ++k)
      EXPECT_EQ(expected_reducescatter(q, k, count, r), brute_sum(q, r * count + k));
}

TEST(MultiGpuPattern, NeighbouringRanksDiffer) {
  const Pattern p = make_copy_pattern(8, kExactFloat);
  for (std::uint64_t r = 1; r < 8; ++r) EXPECT_NE(p.value(3, r), p.value(3, r - 1));
}
