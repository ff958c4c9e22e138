// How a benchmark's output is checked against the host's expectation (output_check.hpp): exact words,
// values within a tolerance, merging outcomes, the GEMM tolerance and the sampled chunk offsets.
#include "measure/output_check.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace gpuaudit;

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
