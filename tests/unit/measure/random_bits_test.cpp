// The counter-based random inputs the benchmarks fill their buffers with (random_bits.hpp): the same
// index gives the same bits, values are finite and in range, and every mantissa pattern occurs.
#include "measure/narrow_float.hpp"
#include "measure/random_bits.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace gpuaudit;

TEST(RandomBits, SameIndexSameBitsAndSeedsDiffer) {
  EXPECT_EQ(rnd::bits32(7, 123), rnd::bits32(7, 123));
  EXPECT_NE(rnd::bits32(7, 123), rnd::bits32(8, 123));
  EXPECT_NE(rnd::bits32(7, 123), rnd::bits32(7, 124));
}

TEST(RandomBits, ValuesAreNonZeroFiniteAndInRange) {
  for (std::uint64_t i = 0; i < 20000; ++i) {
    const float u = rnd::unit_float(1, i);
    ASSERT_GE(u, 0.5f);
    ASSERT_LT(u, 1.5f);
    ASSERT_NE(rnd::word(1, i), 0u);
    for (float v : {bf16_to_float(rnd::bf16_bits(2, i)), fp16_to_float(rnd::fp16_bits(3, i)),
                    e4m3_to_float(rnd::e4m3_bits(4, i)), bits_to_float(rnd::tf32_bits(5, i))}) {
      ASSERT_TRUE(std::isfinite(v));
      ASSERT_GE(std::fabs(v), 0.5f);
      ASSERT_LT(std::fabs(v), 2.0f);
    }
    const float d = rnd::dyadic(6, i);
    ASSERT_TRUE(d == 0.5f || d == -0.5f || d == 1.0f || d == -1.0f);
  }
}

TEST(RandomBits, MantissaBitsAreActuallyRandom) {
  // Low-entropy inputs draw less power and run faster than real data: every mantissa pattern must occur.
  std::set<int> bf16_mantissas, e4m3_mantissas;
  for (std::uint64_t i = 0; i < 4096; ++i) {
    bf16_mantissas.insert(rnd::bf16_bits(9, i) & 0x7f);
    e4m3_mantissas.insert(rnd::e4m3_bits(9, i) & 0x7);
  }
  EXPECT_EQ(bf16_mantissas.size(), 128u);
  EXPECT_EQ(e4m3_mantissas.size(), 8u);
  EXPECT_EQ(rnd::tf32_bits(9, 1) & 0x1fffu, 0u);  // TF32 holds it exactly
}
