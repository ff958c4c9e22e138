// nccl-tests' bandwidth definitions, the size sweep and its summary.
#include "multigpu/collectives.hpp"
#include "multigpu/summary.hpp"
#include "multigpu/sweep.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit::multigpu;

TEST(MultiGpuBandwidth, BusFactorsFollowNcclTests) {
  EXPECT_DOUBLE_EQ(bus_factor(Collective::allreduce, 2), 1.0);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::allreduce, 8), 2.0 * 7 / 8);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::allgather, 8), 7.0 / 8);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::reducescatter, 4), 3.0 / 4);
  EXPECT_DOUBLE_EQ(bus_factor(Collective::alltoall, 2), 0.5);
}

TEST(MultiGpuBandwidth, OneRankHasNoBusBandwidth) {
  for (Collective c : all_collectives()) EXPECT_EQ(bus_factor(c, 1), 0.0) << collective_name(c);
  EXPECT_EQ(busbw_gbs(Collective::allreduce, 1e9, 1e-3, 1), 0.0);
}

TEST(MultiGpuBandwidth, AlgbwIsBytesOverTimeInDecimalGB) {
  EXPECT_DOUBLE_EQ(algbw_gbs(1e9, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(algbw_gbs(1073741824.0, 0.01), 107.3741824);
  EXPECT_EQ(algbw_gbs(1e9, 0.0), 0.0);
  // 8 GPUs, 1 GiB all-reduce in 4.2 ms: algbw 255.7 GB/s, busbw 447.4 GB/s (an H100 board).
  const double t = 4.2e-3, s = 1073741824.0;
  EXPECT_NEAR(busbw_gbs(Collective::allreduce, s, t, 8), s / t / 1e9 * 1.75, 1e-9);
}

TEST(MultiGpuBandwidth, NamesRoundTrip) {
  for (Collective c : all_collectives()) EXPECT_EQ(collective_from_name(collective_name(c)), c);
  EXPECT_FALSE(collective_from_name("broadcast"));
}

TEST(MultiGpuBandwidth, ShapesSplitTheMessageIntoWholeChunks) {
  const auto ar = collective_shape(Collective::allreduce, 1024, 4, 8);
  EXPECT_EQ(ar.call_count, 256u);
  EXPECT_EQ(ar.send_elements, 256u);
  EXPECT_EQ(ar.bytes_moved, 1024u);
  const auto ag = collective_shape(Collective::allgather, 1024, 4, 8);
  EXPECT_EQ(ag.call_count, 32u);
  EXPECT_EQ(ag.send_elements, 32u);
  EXPECT_EQ(ag.recv_elements, 256u);
  const auto rs = collective_shape(Collective::reducescatter, 1024, 2, 8);
  EXPECT_EQ(rs.call_count, 64u);
  EXPECT_EQ(rs.send_elements, 512u);
  EXPECT_EQ(rs.recv_elements, 64u);
  // 8 B of float across 3 ranks: 2 elements do not split in 3, so nothing moves.
  const auto tiny = collective_shape(Collective::alltoall, 8, 4, 3);
  EXPECT_EQ(tiny.call_count, 0u);
  EXPECT_EQ(tiny.bytes_moved, 0u);
  const auto odd = collective_shape(Collective::alltoall, 100, 4, 3);
  EXPECT_EQ(odd.call_count, 8u);
  EXPECT_EQ(odd.bytes_moved, 96u);
}

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

namespace {
SweepPoint point(std::size_t bytes, double time_us, double busbw, std::size_t wrong = 0) {
  SweepPoint p;
  p.bytes = bytes;
  p.time_us = time_us;
  p.busbw_gbs = busbw;
  p.algbw_gbs = busbw / 1.75;
  p.checked = true;
  p.wrong_elements = wrong;
  return p;
}
}  // namespace

TEST(MultiGpuSummary, PeakNearPeakSizeAndLatency) {
  const std::vector<SweepPoint> pts{point(8, 20, 0.001), point(64, 22, 0.005), point(1024, 24, 0.07),
                                    point(1 << 20, 60, 30), point(64 << 20, 400, 410), point(256 << 20, 1500, 440),
                                    point(1 << 30, 5900, 450)};
  const auto s = summarize_sweep(pts);
  EXPECT_DOUBLE_EQ(s.peak_busbw_gbs, 450);
  EXPECT_EQ(s.peak_bytes, std::size_t{1} << 30);
  ASSERT_TRUE(s.near_peak_bytes);
  EXPECT_EQ(*s.near_peak_bytes, std::size_t{64} << 20);  // 410 >= 405
  ASSERT_TRUE(s.small_message_latency_us);
  EXPECT_DOUBLE_EQ(*s.small_message_latency_us, 22);  // median of 20, 22, 24
  EXPECT_EQ(s.sizes_wrong, 0);
}

TEST(MultiGpuSummary, WrongSizesCountButGiveNoFigure) {
  const std::vector<SweepPoint> pts{point(8, 20, 0.001), point(1 << 20, 60, 900, 12), point(1 << 30, 5900, 450)};
  const auto s = summarize_sweep(pts);
  EXPECT_EQ(s.sizes_wrong, 1);
  EXPECT_DOUBLE_EQ(s.peak_busbw_gbs, 450);
}

TEST(MultiGpuSummary, ScalingEfficiencyAgainstTwoGpusAndExpected) {
  const auto sc = scaling_efficiency({{1, 0}, {8, 360}, {2, 400}, {4, 380}}, 450.0);
  ASSERT_EQ(sc.size(), 3u);
  EXPECT_EQ(sc[0].gpus, 2);
  EXPECT_DOUBLE_EQ(*sc[0].efficiency_vs_2gpu, 1.0);
  EXPECT_DOUBLE_EQ(*sc[2].efficiency_vs_2gpu, 0.9);
  EXPECT_DOUBLE_EQ(*sc[2].efficiency_vs_expected, 0.8);
  EXPECT_FALSE(scaling_efficiency({{4, 380}}, std::nullopt)[0].efficiency_vs_2gpu);
}

TEST(MultiGpuSummary, SizeLabels) {
  EXPECT_EQ(size_label(8), "8 B");
  EXPECT_EQ(size_label(65536), "64 KiB");
  EXPECT_EQ(size_label(std::size_t{1} << 30), "1 GiB");
  EXPECT_EQ(size_label(100), "100 B");
}
