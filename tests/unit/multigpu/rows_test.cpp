// How multi-GPU measurements become rows of the result document.
#include "fakes/topology_fake_nvml.hpp"
#include "multigpu/rows.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::multigpu;

namespace {
SweepPoint pt(std::size_t bytes, double time_us, double busbw, std::size_t wrong = 0) {
  SweepPoint p;
  p.bytes = bytes;
  p.count = bytes / 4;
  p.time_us = time_us;
  p.busbw_gbs = busbw;
  p.algbw_gbs = busbw / 1.75;
  p.busbw_samples = {busbw * 0.99, busbw, busbw * 1.01};
  p.checked = true;
  p.wrong_elements = wrong;
  return p;
}
CollectiveRun run8() {
  CollectiveRun r;
  r.gpus = 8;
  r.gpu_indices = {0, 1, 2, 3, 4, 5, 6, 7};
  r.points = {pt(8, 30, 0.0005), pt(512, 31, 0.03), pt(1 << 20, 50, 36), pt(256 << 20, 1100, 430),
              pt(1 << 30, 4300, 440)};
  r.expected = BusbwExpectation{8, 460, "Azure ND H200 v5", false};
  r.topology_baseline = "nvlink4-nvswitch-8gpu";
  return r;
}
}  // namespace

TEST(MultiGpuRows, CollectiveRowReportsPeakBusbwWithEveryDerivedFigure) {
  const BenchmarkResult r = collective_row(run8());
  EXPECT_EQ(r.name, "nccl/allreduce");
  EXPECT_EQ(r.status, "ok");
  EXPECT_FALSE(r.gpu);
  EXPECT_EQ(r.unit, "GB/s");
  ASSERT_TRUE(r.value());
  EXPECT_DOUBLE_EQ(*r.value(), 440);
  EXPECT_EQ(r.samples.size(), 3u);
  EXPECT_DOUBLE_EQ(r.derived.at("peak_busbw_gbs"), 440);
  EXPECT_DOUBLE_EQ(r.derived.at("peak_bytes"), 1073741824.0);
  EXPECT_DOUBLE_EQ(r.derived.at("near_peak_bytes"), 268435456.0);  // 430 >= 396
  EXPECT_DOUBLE_EQ(r.derived.at("small_message_latency_us"), 30.5);
  EXPECT_NEAR(r.derived.at("fraction_of_expected"), 440.0 / 460, 1e-12);
  EXPECT_EQ(r.params["gpus"], 8);
  EXPECT_EQ(r.params["dtype"], "float");
  EXPECT_EQ(r.extra["sweep"].size(), 5u);
  EXPECT_EQ(r.extra["topology_baseline"], "nvlink4-nvswitch-8gpu");
  // Round trip through the document keeps the sweep.
  const BenchmarkResult back = json(r).get<BenchmarkResult>();
  EXPECT_EQ(back.extra["sweep"][4]["bytes"], 1073741824u);
}

TEST(MultiGpuRows, AnyWrongSizeMakesTheRowCheckFailedWithoutAFigure) {
  CollectiveRun r = run8();
  r.points[2].wrong_elements = 7;
  const BenchmarkResult row = collective_row(r);
  EXPECT_EQ(row.status, "check-failed");
  EXPECT_FALSE(row.value());
  EXPECT_NE(row.message.find("1 of 5 sizes (first at 1 MiB, 7 elements"), std::string::npos) << row.message;
}

TEST(MultiGpuRows, OneGpuIsNeverAScalingFigure) {
  const BenchmarkResult ok = single_gpu_collective_row(Collective::allreduce, "ok", 0);
  EXPECT_EQ(ok.status, "not-applicable");
  EXPECT_FALSE(ok.value());
  EXPECT_TRUE(ok.samples.empty());
  EXPECT_NE(ok.message.find("one-rank NCCL call ran"), std::string::npos);
  EXPECT_EQ(ok.params["gpus"], 1);
  EXPECT_EQ(single_gpu_collective_row(Collective::allreduce, "wrong", 0).status, "check-failed");
  const BenchmarkResult missing = single_gpu_collective_row(Collective::allreduce, "libnccl.so.2 not found", 0);
  EXPECT_EQ(missing.status, "not-applicable");
  EXPECT_NE(missing.message.find("libnccl.so.2 not found"), std::string::npos);
}

TEST(MultiGpuRows, ScalingEfficiencyAcrossGpuCounts) {
  std::vector<BenchmarkResult> rows;
  for (int n : {2, 4, 8}) {
    CollectiveRun r = run8();
    r.gpus = n;
    for (auto& p : r.points) p.busbw_gbs *= n == 2 ? 1.0 : n == 4 ? 0.95 : 0.9;
    rows.push_back(collective_row(r));
  }
  rows.push_back(single_gpu_collective_row(Collective::allreduce, "ok", 0));
  add_scaling(rows);
  EXPECT_DOUBLE_EQ(rows[0].derived.at("scaling_efficiency_vs_2gpu"), 1.0);
  EXPECT_NEAR(rows[2].derived.at("scaling_efficiency_vs_2gpu"), 0.9, 1e-12);
  ASSERT_TRUE(rows[2].extra.contains("scaling"));
  EXPECT_EQ(rows[2].extra["scaling"].size(), 3u);
  EXPECT_FALSE(rows[3].derived.count("scaling_efficiency_vs_2gpu"));
}

TEST(MultiGpuRows, P2pMatrixSamplesAreThePairsAndTheWeakestDecides) {
  const Topology topo = read_topology(gpuaudit::testing::fake_topology_api(gpuaudit::testing::fake_l40s_x4_pcie()));
  TopologyBaseline b;
  b.id = "pcie-gen4-x16";
  b.expected.p2p_gbs_peer_on = {26.3, "nvbandwidth#50", false};
  b.expected.p2p_gbs_peer_on_across_sockets = Sourced{21.8, "nvbandwidth#50", false};
  b.expected.p2p_gbs_peer_off = {20, "derived", true};
  std::vector<PairCopy> pairs;
  for (int s = 0; s < 4; ++s)
    for (int d = 0; d < 4; ++d) {
      if (s == d) continue;
      PairCopy p;
      p.src = s;
      p.dst = d;
      p.peer_access = true;
      const bool across = (s < 2) != (d < 2);
      p.peer_possible = !across;  // like the fake: no P2P across sockets
      p.gbs = across ? 0 : (s == 0 && d == 1 ? 13.0 : 26.0);
      p.latency_us = 2.0;
      pairs.push_back(p);
    }
  const BenchmarkResult r = p2p_row(true, pairs, &topo, &b, 64 << 20);
  EXPECT_EQ(r.status, "ok");
  EXPECT_EQ(r.samples.size(), 4u);
  EXPECT_DOUBLE_EQ(r.derived.at("min_pair_gbs"), 13.0);
  EXPECT_DOUBLE_EQ(r.derived.at("pairs_without_peer_access"), 8);
  EXPECT_NEAR(r.derived.at("fraction_of_expected"), 13.0 / 26.3, 1e-12);
  EXPECT_EQ(r.extra["pairs"][0]["link"], "PIX");
  EXPECT_EQ(r.params["peer_access"], true);
}

TEST(MultiGpuRows, P2pWithoutAnyPeerAccessIsNotApplicableAndWrongBytesFail) {
  std::vector<PairCopy> pairs(2);
  pairs[0].src = 0;
  pairs[0].dst = 1;
  pairs[1].src = 1;
  pairs[1].dst = 0;
  for (auto& p : pairs) p.peer_access = true;
  EXPECT_EQ(p2p_row(true, pairs, nullptr, nullptr, 1 << 20).status, "not-applicable");
  for (auto& p : pairs) {
    p.peer_access = false;
    p.gbs = 20;
  }
  pairs[1].wrong_bytes = 4;
  const BenchmarkResult r = p2p_row(false, pairs, nullptr, nullptr, 1 << 20);
  EXPECT_EQ(r.status, "check-failed");
  EXPECT_FALSE(r.value());
}
