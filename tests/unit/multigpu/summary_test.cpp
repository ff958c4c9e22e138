// The summary of a size sweep (summary.hpp): peak, near-peak size and latency, wrong sizes, scaling
// efficiency and size labels.
#include "multigpu/summary.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit::multigpu;

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
