// The link and the video engines at their limit (watch/traffic_diagnoses.hpp), on synthetic
// timelines: the thresholds' edges, a busy GPU that is not waiting on its link, and too few readings.
#include "watch/traffic_diagnoses.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

// `n` points on a Gen4 x16 link (31.5 GB/s each way), every one with a PCIe reading.
WatchGpuTimeline link_timeline(int n, double rx_gbs, double util_pct) {
  WatchGpuTimeline g;
  g.gpu = 2;
  for (int i = 0; i < n; ++i) {
    WatchGpuPoint p;
    p.t_s = 0.5 * (i + 1);
    p.util_pct = util_pct;
    p.pcie_gen = 4, p.pcie_width = 16;
    p.pcie_rx_gbs = rx_gbs, p.pcie_tx_gbs = 0.5;
    g.points.push_back(p);
  }
  return g;
}

TEST(TrafficDiagnoses, CopiesNearTheLinksRateWhileTheGpuWaitsArePcieBound) {
  const auto d = pcie_bound(link_timeline(6, 25.0, 40));  // 25 of 31.5 GB/s: 79%
  ASSERT_TRUE(d);
  EXPECT_EQ(d->id, "pcie-bound");
  EXPECT_EQ(d->cause, "to-gpu");
  EXPECT_EQ(*d->gpu, 2);
  EXPECT_DOUBLE_EQ(d->share, 1.0);
  EXPECT_NE(d->evidence[0].find("6 of 6 PCIe readings at 70% or more of the link's 31.5 GB/s"), std::string::npos)
      << d->evidence[0];
}

TEST(TrafficDiagnoses, ABusyGpuOrALightLinkOrTooFewReadingsIsNot) {
  EXPECT_FALSE(pcie_bound(link_timeline(6, 25.0, 95)));   // busy: compute-bound with heavy traffic
  EXPECT_FALSE(pcie_bound(link_timeline(6, 20.0, 40)));   // 63% of the link
  EXPECT_FALSE(pcie_bound(link_timeline(2, 25.0, 40)));   // two readings say no share
  WatchGpuTimeline narrow = link_timeline(6, 6.0, 40);    // a link trained at x4 Gen3 (3.9 GB/s): 6 GB/s is over it
  for (auto& p : narrow.points) p.pcie_gen = 3, p.pcie_width = 4;
  EXPECT_TRUE(pcie_bound(narrow));
  WatchGpuTimeline none = link_timeline(6, 25.0, 40);     // no link width read: no rate to compare with
  for (auto& p : none.points) p.pcie_width.reset();
  EXPECT_FALSE(pcie_bound(none));
}

TEST(TrafficDiagnoses, DecodersAtTheirLimitAreSaid) {
  WatchGpuTimeline g;
  for (int i = 0; i < 10; ++i) {
    WatchGpuPoint p;
    p.decoder_pct = i < 3 ? 97 : 40;
    p.encoder_pct = 0;
    g.points.push_back(p);
  }
  const auto d = video_engine_busy(g);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, "decoder");
  EXPECT_DOUBLE_EQ(d->share, 0.3);
  g.points[0].decoder_pct = 80, g.points[1].decoder_pct = 80;  // 1 of 10: under the 20% share
  EXPECT_FALSE(video_engine_busy(g));
  EXPECT_FALSE(video_engine_busy(WatchGpuTimeline{}));
}

}  // namespace
}  // namespace gpuaudit
