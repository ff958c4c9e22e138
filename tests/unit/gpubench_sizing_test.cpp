#include "gpubench/sizing.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(StreamSizing, FullH200Gets2GiBArraysInQuickMode) {
  const auto s = stream_sizing("quick", 140 * kGiB, 60 * kMiB);
  EXPECT_EQ(s.array_bytes, 2 * kGiB);
  EXPECT_FALSE(s.below_8x_l2);
  EXPECT_EQ(stream_sizing("full", 140 * kGiB, 60 * kMiB).array_bytes, 4 * kGiB);
}

TEST(StreamSizing, AHugeL2RaisesTheFloorTo8xL2) {
  const auto s = stream_sizing("quick", 180 * kGiB, 512 * kMiB);
  EXPECT_EQ(s.array_bytes, 4 * kGiB);
}

TEST(StreamSizing, ASmallMigSliceFitsThreeArraysInFreeMemory) {
  // A100 1g.10gb: ~9.5 GiB free, 5 MiB of L2 visible.
  const std::uint64_t free_b = 9 * kGiB + 512 * kMiB;
  const auto s = stream_sizing("full", free_b, 5 * kMiB);
  EXPECT_GT(s.array_bytes, 0u);
  EXPECT_LE(3 * s.array_bytes, free_b * 7 / 10);
  EXPECT_EQ(s.array_bytes % kMiB, 0u);
  EXPECT_FALSE(s.below_8x_l2);
}

TEST(StreamSizing, TooLittleMemoryReportsBelow8xL2OrNothing) {
  const auto s = stream_sizing("quick", 1 * kGiB, 60 * kMiB);
  EXPECT_GT(s.array_bytes, 0u);
  EXPECT_TRUE(s.below_8x_l2);
  EXPECT_EQ(stream_sizing("quick", 20 * kMiB, 1 * kMiB).array_bytes, 0u);
}

TEST(L2WorkingSet, HalfOfL2RoundedTo64KiB) {
  EXPECT_EQ(l2_working_set_bytes(60 * kMiB), 30 * kMiB);
  EXPECT_EQ(l2_working_set_bytes(100000), 0u + 64 * 1024);
  EXPECT_EQ(l2_working_set_bytes(0), 64u * 1024);
}

TEST(GemmShapes, StartAt8192CubedAndSearchMoreInFullMode) {
  const auto q = gemm_candidate_shapes("quick", 140 * kGiB, 2, 2);
  ASSERT_FALSE(q.empty());
  EXPECT_EQ(q.front(), (GemmShape{8192, 8192, 8192}));
  EXPECT_GT(gemm_candidate_shapes("full", 140 * kGiB, 2, 2).size(), q.size());
  EXPECT_DOUBLE_EQ(q.front().flops(), 2.0 * 8192 * 8192 * 8192);
}

TEST(GemmShapes, OnlyShapesThatFitAndAFallbackForTinySlices) {
  for (const auto& s : gemm_candidate_shapes("full", 3 * kGiB, 4, 4))
    EXPECT_LE(gemm_bytes(s, 4, 4), 3 * kGiB * 6 / 10);
  const auto tiny = gemm_candidate_shapes("quick", 200 * kMiB, 4, 4);
  ASSERT_EQ(tiny.size(), 1u);
  EXPECT_EQ(tiny[0].m, tiny[0].k);
  EXPECT_LE(gemm_bytes(tiny[0], 4, 4), 120 * kMiB);
  EXPECT_TRUE(gemm_candidate_shapes("quick", 1 * kMiB, 4, 4).empty());
}

TEST(GemmShapes, BytesCountAandBandD) {
  EXPECT_EQ(gemm_bytes({2, 3, 4}, 2, 4), (2u * 4 + 4 * 3) * 2 + 2 * 3 * 4);
}

TEST(PcieBuffer, QuarterOfFreeMemoryAtMost) {
  EXPECT_EQ(pcie_buffer_bytes("quick", 80 * kGiB), 256 * kMiB);
  EXPECT_EQ(pcie_buffer_bytes("full", 80 * kGiB), kGiB);
  EXPECT_EQ(pcie_buffer_bytes("full", 2 * kGiB), 512 * kMiB);
}
