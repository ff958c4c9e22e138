// The multi-GPU size sweep (sweep.hpp): message sizes of the full and quick sweeps, the memory cap,
// the GPU counts and the iterations per size.
#include "multigpu/sweep.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit::multigpu;

TEST(MultiGpuSweep, FullSweepIsEveryPowerOfTwoFrom8BTo1GiB) {
  const auto sizes = message_sizes(sweep_plan(true, 0));
  ASSERT_EQ(sizes.size(), 28u);  // 2^3 .. 2^30
  EXPECT_EQ(sizes.front(), 8u);
  EXPECT_EQ(sizes.back(), std::size_t{1} << 30);
  for (std::size_t i = 1; i < sizes.size(); ++i) EXPECT_EQ(sizes[i], sizes[i - 1] * 2);
}

TEST(MultiGpuSweep, QuickSweepHasFewerPointsAndStopsAt256MiB) {
  const auto sizes = message_sizes(sweep_plan(false, 0));
  EXPECT_EQ(sizes.front(), 8u);
  EXPECT_EQ(sizes.back(), std::size_t{256} << 20);
  EXPECT_LT(sizes.size(), 16u);
}

TEST(MultiGpuSweep, MemoryCapEndsTheSweepAndIsAlwaysIncluded) {
  const auto sizes = message_sizes(sweep_plan(true, std::size_t{96} << 20));
  EXPECT_EQ(sizes.back(), std::size_t{96} << 20);
  EXPECT_EQ(sizes[sizes.size() - 2], std::size_t{64} << 20);
}

TEST(MultiGpuSweep, MemoryCapLeavesRoomForTwoBuffersAndNccl) {
  // 80 GB free: 40% of (80 GB - 1 GiB) / 2 buffers = 15.8 GB -> capped at 1 GiB anyway.
  EXPECT_EQ(memory_cap_bytes(80ull << 30), kMaxMessageBytes);
  // 4 GiB free: 0.4 * 3 GiB / 2 = 614 MiB -> 512 MiB.
  EXPECT_EQ(memory_cap_bytes(4ull << 30), std::size_t{512} << 20);
  EXPECT_EQ(memory_cap_bytes(512ull << 20), 0u);
}

TEST(MultiGpuSweep, GpuCountsArePowersOfTwoAndTheTotal) {
  EXPECT_EQ(gpu_counts(1), (std::vector<int>{1}));
  EXPECT_EQ(gpu_counts(8), (std::vector<int>{1, 2, 4, 8}));
  EXPECT_EQ(gpu_counts(6), (std::vector<int>{1, 2, 4, 6}));
  EXPECT_TRUE(gpu_counts(0).empty());
}

TEST(MultiGpuSweep, IterationsAimAtTheTargetTime) {
  EXPECT_EQ(iterations_for(10e-6, 2e-3), 200);
  EXPECT_EQ(iterations_for(5e-3, 2e-3), 1);
  EXPECT_EQ(iterations_for(1e-9, 2e-3), 1000);
  EXPECT_EQ(iterations_for(0, 2e-3), 1000);
}
