// nccl-tests' bandwidth definitions and each collective's shape (collectives.hpp): bus factors,
// algbw and busbw, names, and how a message splits into whole chunks.
#include "multigpu/collectives.hpp"

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
