#include "gpubench/narrow_float.hpp"
#include "gpubench/output_check.hpp"
#include "gpubench/random_bits.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

using namespace gpuaudit;

TEST(NarrowFloat, DecodesKnownBitPatterns) {
  EXPECT_EQ(bf16_to_float(0x3f80), 1.0f);
  EXPECT_EQ(bf16_to_float(0xc040), -3.0f);
  EXPECT_EQ(fp16_to_float(0x3c00), 1.0f);
  EXPECT_EQ(fp16_to_float(0xc000), -2.0f);
  EXPECT_EQ(fp16_to_float(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_TRUE(std::isinf(fp16_to_float(0x7c00)));
  EXPECT_EQ(e4m3_to_float(0x38), 1.0f);   // 0.0111.000
  EXPECT_EQ(e4m3_to_float(0x7e), 448.0f); // largest finite
  EXPECT_EQ(e4m3_to_float(0xb8), -1.0f);
  EXPECT_EQ(e4m3_to_float(0x01), std::ldexp(1.0f, -9));
  EXPECT_TRUE(std::isnan(e4m3_to_float(0x7f)));
}

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

TEST(OutputCheck, EqualWordsPassAndTheFirstMismatchIsNamed) {
  const std::vector<std::uint32_t> want{1, 2, 3}, got{1, 9, 7};
  const std::vector<std::uint64_t> labels{10, 11, 12};
  EXPECT_TRUE(check_equal(want, want, labels).ok);
  const auto c = check_equal(got, want, labels);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.mismatches, 2u);
  EXPECT_NE(c.message.find("element 11"), std::string::npos);
  EXPECT_NE(c.message.find("2 of 3"), std::string::npos);
}

TEST(OutputCheck, CloseWithinToleranceAndNaNNeverPasses) {
  const std::vector<double> want{1.0, 2.0}, tol{0.01, 0.01};
  const std::vector<std::uint64_t> labels{0, 1};
  EXPECT_TRUE(check_close(std::vector<double>{1.005, 1.995}, want, tol, labels).ok);
  EXPECT_FALSE(check_close(std::vector<double>{1.02, 2.0}, want, tol, labels).ok);
  EXPECT_FALSE(check_close(std::vector<double>{NAN, 2.0}, want, tol, labels).ok);
  EXPECT_FALSE(check_close(std::vector<double>{INFINITY, 2.0}, want, tol, labels).ok);
}

TEST(OutputCheck, MergeKeepsTheFirstFailure) {
  CheckOutcome total;
  CheckOutcome bad;
  bad.ok = false;
  bad.checked = 4;
  bad.mismatches = 1;
  bad.message = "first";
  CheckOutcome worse = bad;
  worse.message = "second";
  merge_into(total, bad);
  merge_into(total, worse);
  EXPECT_FALSE(total.ok);
  EXPECT_EQ(total.message, "first");
  EXPECT_EQ(total.checked, 8u);
}

TEST(OutputCheck, GemmToleranceScalesWithResultAndDotProductMagnitude) {
  EXPECT_DOUBLE_EQ(gemm_tolerance(-100.0, 1000.0, 1.0 / 256, 0.0), 100.0 / 256 + 1e-30);
  EXPECT_GT(gemm_tolerance(0.0, 1000.0, 1.0 / 256, 1e-3), 0.99);
}

TEST(OutputCheck, ChunkOffsetsCoverFirstAndLastAndStayInRange) {
  const auto o = sample_chunk_offsets(1000000, 1024, 16, 42);
  ASSERT_EQ(o.size(), 16u);
  EXPECT_EQ(o.front(), 0u);
  EXPECT_EQ(o.back(), (1000000 / 1024) * 1024u);
  for (size_t i = 1; i < o.size(); ++i) {
    EXPECT_LT(o[i - 1], o[i]);
    EXPECT_EQ(o[i] % 1024, 0u);
  }
  EXPECT_EQ(sample_chunk_offsets(3000, 1024, 16, 1).size(), 3u);  // only 3 chunks exist
  EXPECT_TRUE(sample_chunk_offsets(0, 1024, 16, 1).empty());
}
