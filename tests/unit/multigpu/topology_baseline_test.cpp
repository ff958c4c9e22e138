// The expected multi-GPU figures in baselines/topologies: every file loads, every figure has a
// source, and GPUs find the profile of their board.
#include "multigpu/topology_baseline.hpp"

#include "core/error.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

using namespace gpuaudit::multigpu;

namespace {
std::filesystem::path topo_dir() { return std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines" / "topologies"; }
}  // namespace

TEST(MultiGpuTopologyBaseline, EveryFileLoadsWithSources) {
  const auto set = load_topology_baselines(topo_dir());
  ASSERT_GE(set.size(), 6u);
  std::set<std::string> names;
  for (const auto& b : set) {
    EXPECT_FALSE(b.title.empty()) << b.id;
    EXPECT_FALSE(b.expected.allreduce_busbw_gbs.empty()) << b.id;
    for (const auto& n : b.match.nvidia_smi_names) EXPECT_TRUE(names.insert(n).second) << n << " listed twice";
    if (b.link.kind == "nvlink") {
      ASSERT_TRUE(b.link.links_per_gpu) << b.id;
      ASSERT_TRUE(b.link.nvlink_generation) << b.id;
      // The link's one-way rate is links x 25 GB/s for NVLink 2-4.
      EXPECT_DOUBLE_EQ(b.link.gbs_per_direction.value, 25.0 * *b.link.links_per_gpu) << b.id;
      // Peer copies can never beat the link.
      EXPECT_LT(b.expected.p2p_gbs_peer_on.value, b.link.gbs_per_direction.value) << b.id;
    }
  }
}

TEST(MultiGpuTopologyBaseline, BoardsMatchByNameAndPcieByGeneration) {
  const auto set = load_topology_baselines(topo_dir());
  EXPECT_EQ(match_topology_baseline(set, "NVIDIA H100 80GB HBM3", 5).baseline->id, "nvlink4-nvswitch-8gpu");
  EXPECT_EQ(match_topology_baseline(set, "NVIDIA H200", 5).baseline->id, "nvlink4-nvswitch-8gpu");
  const auto a800 = match_topology_baseline(set, "NVIDIA A800-SXM4-80GB", 4);
  EXPECT_EQ(a800.baseline->id, "nvlink3-a800-8gpu");
  EXPECT_EQ(a800.method, "name");
  const auto l40s = match_topology_baseline(set, "NVIDIA L40S", 4);
  EXPECT_EQ(l40s.baseline->id, "pcie-gen4-x16");
  EXPECT_EQ(l40s.method, "pcie-gen");
  EXPECT_EQ(match_topology_baseline(set, "NVIDIA H100 PCIe", 5).baseline->id, "pcie-gen5-x16");
  EXPECT_EQ(match_topology_baseline(set, "Tesla K80", 3).method, "none");
  // An older driver's (and nccl-tests' CUDA device) name without "NVIDIA " is the same board.
  const auto old_name = match_topology_baseline(set, "A100-SXM4-40GB", 4);
  EXPECT_EQ(old_name.baseline->id, "nvlink3-nvswitch-8gpu");
  EXPECT_EQ(old_name.method, "name");
}

TEST(MultiGpuTopologyBaseline, ExpectedBusbwByGpuCountThenAnyCount) {
  const auto set = load_topology_baselines(topo_dir());
  const auto* h100 = match_topology_baseline(set, "NVIDIA H100 80GB HBM3", 5).baseline;
  EXPECT_DOUBLE_EQ(expected_allreduce_busbw(*h100, 8)->value, 460);
  EXPECT_FALSE(expected_allreduce_busbw(*h100, 8)->uncertain);
  EXPECT_TRUE(expected_allreduce_busbw(*h100, 2)->uncertain);
  EXPECT_FALSE(expected_allreduce_busbw(*h100, 3));
  const auto* gen4 = match_topology_baseline(set, "NVIDIA L40S", 4).baseline;
  EXPECT_DOUBLE_EQ(expected_allreduce_busbw(*gen4, 4)->value, 20);
}

TEST(MultiGpuTopologyBaseline, BadFilesAreRefusedWithTheirName) {
  const auto dir = std::filesystem::temp_directory_path() / "gpuaudit-topo-bad";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "x.json") << R"({"schema":"gpuaudit.topology/1","id":"y","link":{"kind":"pcie"}})";
  try {
    load_topology_baselines(dir);
    FAIL() << "accepted a bad file";
  } catch (const gpuaudit::Error& e) {
    EXPECT_NE(std::string(e.what()).find("x.json"), std::string::npos) << e.what();
    EXPECT_EQ(e.code(), 2);
  }
  std::filesystem::remove_all(dir);
}
