// score/rule_peer_access.cpp: GPUs without peer access, from every output that shows it (the
// driver's topo -p2p matrix, p2pBandwidthLatencyTest's CANNOT lines, nvbandwidth's waived peer
// tests, NCCL's P2P-disabled lines), with the staged copy rate where a figure exists; nothing on a
// machine whose GPUs all have it; a note, not a finding, on MIG.
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::import_and_score;
using gpuaudit::imports::import_test::fixture_dir;
using gpuaudit::imports::import_test::read_bytes;

TEST(PeerAccess, TheDriversMatrixSaysNoForAPairOfGeForceCards) {
  const auto fs = findings_of_texts({{"p2p.txt", read_bytes(fixture_dir("nvidia-smi-topo-p2p") / "club-3090-1140-rtx5090x2-gns.txt")}});
  const Finding* f = find_finding(fs, "no-peer-access");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->gpu.has_value());
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "GNS (GPU not supported)"));
  EXPECT_EQ(f->figures.at("pairs_without_peer_access"), 1);
  EXPECT_NE(f->summary.find("staged through host memory"), std::string::npos);
  EXPECT_NE(f->summary.find("Ask the provider"), std::string::npos);
}

TEST(PeerAccess, AllPairsOkIsNoFinding) {
  const auto fs = findings_of_texts({{"p2p.txt", read_bytes(fixture_dir("nvidia-smi-topo-p2p") / "aikitoria-13-x5-p2p-p-all-ok.txt")}});
  EXPECT_EQ(find_finding(fs, "no-peer-access"), nullptr);
}

TEST(PeerAccess, TheCudaSampleCannotAccessPeerWithTheStagedRate) {
  const auto fs =
      findings_of_texts({{"p2p.txt", read_bytes(fixture_dir("p2pBandwidthLatencyTest") / "autodl-2080ti-x2-no-peer-access.txt")}});
  const Finding* f = find_finding(fs, "no-peer-access");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "cannot access GPU1"));
  EXPECT_NEAR(f->figures.at("staged_copy_gbs"), 5.71, 0.02);
  EXPECT_NE(f->summary.find("5.7 GB/s"), std::string::npos);
}

TEST(PeerAccess, TheCudaSamplesCannotLinesAloneWhereThePasteEndsBeforeItsMatrices) {
  // SYNTHETIC lines in the sample's layout (its banner, device lines and peer lines), cut before the
  // first matrix as posted outputs are (NVIDIA/nccl-tests #117, FRESH-2026-12-106).
  const std::string cut =
      "P2P (Peer-to-Peer) GPU Bandwidth Latency Test]\n"
      "Device: 0, NVIDIA GeForce RTX 2080 Ti, pciBusID: 1a, pciDeviceID: 0, pciDomainID:0\n"
      "Device: 1, NVIDIA GeForce RTX 2080 Ti, pciBusID: 1b, pciDeviceID: 0, pciDomainID:0\n"
      "Device=0 CANNOT Access Peer Device=1\n"
      "Device=1 CANNOT Access Peer Device=0\n";
  const auto fs = findings_of_texts({{"p2p.synthetic.txt", cut}});
  const Finding* f = find_finding(fs, "no-peer-access");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "Device=0 CANNOT Access Peer Device=1"));
}

TEST(PeerAccess, NvbandwidthWaivingItsPeerTestOnTwoGpus) {
  const auto fs = findings_of_texts({{"nvb.txt", read_bytes(fixture_dir("nvbandwidth") / "bench-v0.2-2x2080ti-waived.txt")}});
  const Finding* f = find_finding(fs, "no-peer-access");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_TRUE(evidence_has(*f, "waived"));
}

TEST(PeerAccess, NcclSaysP2pIsDisabled) {
  const auto fs = findings_of_texts(
      {{"nccl.log", "host:1:1 [0] NCCL INFO P2P is disabled between connected GPUs 1 and 0. You can repress this message with "
                    "NCCL_IGNORE_DISABLED_P2P=1.\n"}});
  const Finding* f = find_finding(fs, "no-peer-access");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "medium");
}

TEST(PeerAccess, MigIsTheModeNotAFault) {
  // synthetic: an -L listing of a MIG slice beside the driver's matrix.
  const auto fs = findings_of_texts(
      {{"l.txt", "GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-5b1f0a36-1c0d-7d4e-9a0b-0c2d3e4f5a6b)\n"
                 "  MIG 1g.5gb      Device  0: (UUID: MIG-3c1d8f2e-6b7a-5c4d-8e9f-0a1b2c3d4e5f)\n"},
       {"p2p.txt", read_bytes(fixture_dir("nvidia-smi-topo-p2p") / "club-3090-1140-rtx5090x2-gns.txt")}});
  EXPECT_EQ(find_finding(fs, "no-peer-access"), nullptr);
}

TEST(PeerAccess, TheP2pMatrixPastedBelowTopoMIsReadByTopoMsParser) {
  // The AutoDL 2x RTX 2080 Ti paste: `topo -m` (PIX), then `topo -p2p p` (NS).
  const auto fs = findings_of_texts(
      {{"topo.txt", read_bytes(fixture_dir("nvidia-smi-topo") / "autodl-2080ti-x2-pix-with-p2p-status.txt")}});
  const Finding* f = find_finding(fs, "no-peer-access");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(evidence_has(*f, "topo -p2p p"));
  EXPECT_TRUE(evidence_has(*f, "NS (not supported)"));
}
