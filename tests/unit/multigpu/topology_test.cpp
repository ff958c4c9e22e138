// Topology classification from scripted NVML machines: a DGX H100, a PCIe-only 4x L40S and an
// 8x A800 board.
#include "fakes/topology_fake_nvml.hpp"
#include "multigpu/topology.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit::multigpu;
using namespace gpuaudit::testing;

TEST(MultiGpuTopology, DgxH100IsEighteenNvlink4LinksThroughNvswitch) {
  const auto api = fake_topology_api(fake_dgx_h100());
  const Topology t = read_topology(api);
  EXPECT_EQ(t.source, "nvml");
  ASSERT_EQ(t.gpus.size(), 8u);
  ASSERT_EQ(t.pairs.size(), 28u);
  EXPECT_EQ(t.kind, "nvswitch");
  for (const auto& g : t.gpus) {
    EXPECT_EQ(g.nvlinks_up, 18);
    EXPECT_EQ(g.nvlinks_to_switch, 18);
    EXPECT_EQ(g.nvlink_version, "4.0");
    EXPECT_EQ(g.nvlink_generation, 4);
  }
  for (const auto& p : t.pairs) {
    EXPECT_EQ(p.label, "NV18");
    EXPECT_TRUE(p.via_nvswitch);
    EXPECT_EQ(p.nvlinks, 18);
    ASSERT_TRUE(p.nvlink_gbs_per_direction);
    EXPECT_DOUBLE_EQ(*p.nvlink_gbs_per_direction, 450.0);  // 900 GB/s both ways together
    EXPECT_EQ(p.p2p_nvlink, "ok");
  }
  EXPECT_EQ(t.pair(0, 7)->pcie_path, "SYS");
  EXPECT_EQ(t.pair(0, 3)->pcie_path, "NODE");
  EXPECT_EQ(t.worst_pcie_path, "SYS");
  EXPECT_EQ(t.pair(5, 2)->description, "NVLink 4.0 x18 via NVSwitch, 450 GB/s each way");
}

TEST(MultiGpuTopology, OlderDriverWithoutRemoteTypeStillFindsTheSwitches) {
  auto m = fake_dgx_h100();
  m.has_remote_type = false;
  const Topology t = read_topology(fake_topology_api(m));
  EXPECT_EQ(t.kind, "nvswitch");
  EXPECT_EQ(t.pair(1, 6)->label, "NV18");
}

TEST(MultiGpuTopology, PcieOnlyL40sBoxShowsSwitchAndSocketPaths) {
  const Topology t = read_topology(fake_topology_api(fake_l40s_x4_pcie()));
  ASSERT_EQ(t.gpus.size(), 4u);
  EXPECT_EQ(t.kind, "pcie");
  for (const auto& g : t.gpus) EXPECT_EQ(g.nvlinks_up, 0);
  const auto* same_switch = t.pair(0, 1);
  ASSERT_TRUE(same_switch);
  EXPECT_EQ(same_switch->label, "PIX");
  EXPECT_EQ(same_switch->pcie_meaning, "same PCIe switch");
  EXPECT_EQ(same_switch->p2p_read, "ok");
  const auto* across = t.pair(1, 2);
  EXPECT_EQ(across->label, "SYS");
  EXPECT_EQ(across->pcie_meaning, "across sockets (CPU interconnect)");
  EXPECT_EQ(across->p2p_read, "topology-not-supported");
  EXPECT_NE(across->description.find("peer access: topology-not-supported"), std::string::npos);
  EXPECT_FALSE(across->nvlink_gbs_per_direction);
  EXPECT_EQ(t.worst_pcie_path, "SYS");
}

TEST(MultiGpuTopology, A800HasEightNvlink3LinksFor400GBs) {
  const Topology t = read_topology(fake_topology_api(fake_a800_x8()));
  EXPECT_EQ(t.kind, "nvswitch");
  for (const auto& g : t.gpus) {
    EXPECT_EQ(g.nvlinks_up, 8);
    EXPECT_EQ(g.nvlink_version, "3.1");
    EXPECT_EQ(g.nvlink_generation, 3);
  }
  const auto* p = t.pair(0, 4);
  EXPECT_EQ(p->label, "NV8");
  EXPECT_DOUBLE_EQ(*p->nvlink_gbs_per_direction, 200.0);  // 400 GB/s bidirectional
}

TEST(MultiGpuTopology, DirectNvlinkPairsAndADownLink) {
  // Two PCIe H100 NVL cards joined by a bridge (direct links), one of its links down.
  FakeTopoMachine m;
  for (int i = 0; i < 2; ++i) {
    FakeTopoGpu g;
    g.name = "NVIDIA H100 NVL";
    g.bus_id = i == 0 ? "00000000:17:00.0" : "00000000:65:00.0";
    g.pcie_switch = i;
    g.upper_switch = i;
    m.gpus.push_back(g);
  }
  for (int l = 0; l < 18; ++l) {
    FakeLink a;
    a.remote_bus = m.gpus[1].bus_id;
    a.up = l != 17;
    m.gpus[0].links.push_back(a);
    FakeLink b;
    b.remote_bus = m.gpus[0].bus_id;
    b.up = l != 17;
    m.gpus[1].links.push_back(b);
  }
  const Topology t = read_topology(fake_topology_api(m));
  EXPECT_EQ(t.kind, "nvlink-mesh");
  EXPECT_EQ(t.pair(0, 1)->label, "NV17");
  EXPECT_FALSE(t.pair(0, 1)->via_nvswitch);
  EXPECT_EQ(t.pair(0, 1)->pcie_path, "PHB");
}

TEST(MultiGpuTopology, VersionEnumIsNotTheGeneration) {
  EXPECT_EQ(nvlink_version_name(NVML_NVLINK_VERSION_3_1), "3.1");
  EXPECT_EQ(nvlink_generation(NVML_NVLINK_VERSION_3_1), 3);
  EXPECT_EQ(nvlink_generation(NVML_NVLINK_VERSION_4_0), 4);
  EXPECT_EQ(nvlink_generation(NVML_NVLINK_VERSION_5_0), 5);
  EXPECT_FALSE(nvlink_generation(99));
  EXPECT_EQ(nvlink_gbs_per_link_per_direction(5), 50.0);
}

TEST(MultiGpuTopology, BusIdsNormalise) {
  EXPECT_EQ(normalize_bus_id("00000000:2A:00.0"), "0000:2a:00.0");
  EXPECT_EQ(normalize_bus_id("0000:2a:00.0"), "0000:2a:00.0");
  EXPECT_EQ(normalize_bus_id("2A:00.0"), "0000:2a:00.0");
}

TEST(MultiGpuTopology, MatrixTextLooksLikeNvidiaSmi) {
  const Topology t = read_topology(fake_topology_api(fake_l40s_x4_pcie()));
  const std::string text = topology_matrix_text(t);
  EXPECT_NE(text.find("GPU0  X     PIX   SYS   SYS"), std::string::npos) << text;
}

TEST(MultiGpuTopology, NoNvmlGivesAnEmptyTopology) {
  gpuaudit::NvmlApi none;
  const Topology t = read_topology(none);
  EXPECT_EQ(t.source, "nvml-error");
  EXPECT_TRUE(t.gpus.empty());
}
