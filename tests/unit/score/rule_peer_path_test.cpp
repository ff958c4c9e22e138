// score/rule_peer_path.cpp: a peer path slower than staging through host memory is pcie-degraded for
// the machine, judged from one tool's own matrices without a GPU named; healthy PCIe and NVLink peers,
// and pairs without peer access, are not.
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::import_and_score;
using gpuaudit::imports::import_test::fixture_dir;
using gpuaudit::imports::import_test::read_bytes;

namespace {

std::vector<Finding> p2p_findings(const char* name) {
  return findings_of_texts({{"p2p.txt", read_bytes(fixture_dir("p2pBandwidthLatencyTest") / name)}});
}

}  // namespace

// NCCL #814 as posted: six RTX 4090 whose peer writes run at ~10 GB/s against 20-22 GB/s staged.
TEST(PeerPath, PeerWritesAtHalfTheStagedRateAreADegradedPath) {
  const auto fs = p2p_findings("rtx4090-x6-p2p-enabled-slower-part.txt");
  const Finding* f = find_finding(fs, "pcie-degraded");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->gpu.has_value());
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_EQ(f->figures.at("pairs_compared"), 30);
  EXPECT_GT(f->figures.at("slow_peer_pairs"), 20);
  EXPECT_LT(f->figures.at("worst_peer_gbs") / f->figures.at("worst_staged_gbs"), 0.5);
  EXPECT_TRUE(evidence_has(*f, "staged through host memory"));
  EXPECT_NE(f->summary.find("ACS"), std::string::npos);
  EXPECT_EQ(find_finding(fs, "no-peer-access"), nullptr);
}

TEST(PeerPath, NvlinkPeersAndPairsWithoutPeerAccessAreNotIt) {
  EXPECT_EQ(find_finding(p2p_findings("bench-8x-h100-sxm-nvswitch-excerpt.txt"), "pcie-degraded"), nullptr);
  const auto no_access = p2p_findings("autodl-2080ti-x2-no-peer-access.txt");
  EXPECT_EQ(find_finding(no_access, "pcie-degraded"), nullptr);
  EXPECT_NE(find_finding(no_access, "no-peer-access"), nullptr);
}
