// The host reference for the wgmma benchmark's check (wgmma_reference.hpp): K sums and the expected
// values stay exact in fp32.
#include "measure/random_bits.hpp"
#include "measure/wgmma_reference.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace gpuaudit {
namespace {

TEST(WgmmaReference, KSumIsAQuarterGridValueWithinSixteen) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const double s = wgmma_k_sum(seed);
    EXPECT_LE(std::fabs(s), 16.0);
    EXPECT_EQ(s * 4, std::floor(s * 4)) << seed;
  }
}

TEST(WgmmaReference, KSumMatchesTheOperandsTheKernelWrites) {
  const std::uint64_t seed = 12345;
  double s = 0;
  for (int k = 0; k < 16; ++k) s += rnd::dyadic(seed, k) * rnd::dyadic(seed, 16 + k);
  EXPECT_EQ(wgmma_k_sum(seed), s);
}

TEST(WgmmaReference, SeedsWithAZeroSumAreSkipped) {
  int zeros = 0;
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    if (wgmma_k_sum(seed) == 0) ++zeros;
    EXPECT_NE(wgmma_k_sum(wgmma_seed_with_nonzero_sum(seed)), 0.0);
    if (wgmma_k_sum(seed) != 0) EXPECT_EQ(wgmma_seed_with_nonzero_sum(seed), seed);
  }
  EXPECT_GT(zeros, 0);  // they do occur, so the skip matters
}

TEST(WgmmaReference, ExpectedStaysExactInFp32AtTheLimit) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const double want = wgmma_expected(seed, kWgmmaExactSteps / 4, 4);
    EXPECT_EQ(static_cast<double>(static_cast<float>(want)), want) << seed;
    EXPECT_LE(std::fabs(want), 16.0 * kWgmmaExactSteps);
  }
}

}  // namespace
}  // namespace gpuaudit
