// split_machines() / MachineFacts (src/import/machine_identity.cpp): what tells two machines apart
// (host name, a snapshot's driver, at one PCI address the UUID, device id or model, the GPU count of
// full nvidia-smi listings) and what does not (a cut name, a masked UUID, lspci's own names, a
// kernel log's driver, a `-q -i 0` dump), and which machine each output joins.
#include "import/machine_identity.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

GpuInfo gpu(int index, const std::string& bus, const std::string& name, const std::string& uuid = "") {
  GpuInfo g;
  g.index = index;
  g.pci_bus_id = bus;
  g.name = name;
  g.uuid = uuid;
  return g;
}

ImportPart part(const std::string& format, std::vector<GpuInfo> gpus = {}) {
  ImportPart p;
  p.format = format;
  p.gpus = std::move(gpus);
  return p;
}

std::optional<std::string> against(const ImportPart& first, const ImportPart& second) {
  MachineFacts m;
  m.add(first, "a.txt");
  return m.disagreement(second, "b.txt");
}

TEST(MachineIdentity, HostNamesWithoutCaseAndDomain) {
  ImportPart a = part("nccl-tests"), b = part("mpstat");
  a.host.hostname = "Node-A.cluster.local";
  b.host.hostname = "node-a";
  EXPECT_FALSE(against(a, b));
  b.host.hostname = "node-b";
  EXPECT_EQ(against(a, b), "host name Node-A.cluster.local (a.txt) vs node-b (b.txt)");
}

TEST(MachineIdentity, TheDriverOfASnapshotButNotOfAKernelLog) {
  ImportPart a = part("nvidia-smi-q"), b = part("nvidia-smi-table"), log = part("kernel-log");
  a.software.driver_version = "565.57.01";
  b.software.driver_version = "590.48.01";
  log.software.driver_version = "550.54.15";
  EXPECT_EQ(against(a, b), "driver 565.57.01 (a.txt) vs 590.48.01 (b.txt)");
  EXPECT_FALSE(against(a, log));
}

TEST(MachineIdentity, AtOnePciAddressTheUuidDeviceIdAndModel) {
  const ImportPart h100 = part("nvidia-smi-q", {gpu(0, "00000000:18:00.0", "NVIDIA H100 80GB HBM3", "GPU-aaaa")});
  EXPECT_FALSE(against(h100, part("nvidia-smi-table", {gpu(0, "0000:18:00.0", "NVIDIA H100 80GB HBM3", "")})));
  EXPECT_FALSE(against(h100, part("nvidia-smi-table", {gpu(0, "18:00.0", "NVIDIA H100 80G...")})));  // cut by the table
  EXPECT_FALSE(against(h100, part("nvidia-smi-q", {gpu(0, "00000000:18:00.0", "NVIDIA H100 80GB HBM3", "GPU-xxxxxxxx")})));
  EXPECT_EQ(against(h100, part("nvidia-smi-q", {gpu(0, "00000000:18:00.0", "NVIDIA H100 80GB HBM3", "GPU-bbbb")})),
            "GPU UUID at 0000:18:00.0 GPU-aaaa (a.txt) vs GPU-bbbb (b.txt)");
  EXPECT_EQ(against(h100, part("nvidia-smi-q", {gpu(0, "00000000:18:00.0", "NVIDIA H200")})),
            "model at 0000:18:00.0 NVIDIA H100 80GB HBM3 (a.txt) vs NVIDIA H200 (b.txt)");
  ImportPart lspci = part("lspci", {gpu(0, "0000:18:00.0", "GH100 [H100 SXM5 80GB]")});
  lspci.fills_only = true;  // another naming scheme: not compared by name
  EXPECT_FALSE(against(h100, lspci));
  ImportPart ids = part("nvidia-smi-q", {gpu(0, "00000000:18:00.0", "NVIDIA H100 80GB HBM3")});
  ids.gpus[0].pci_device_id = "10de:2330";
  ImportPart other = ids;
  other.gpus[0].pci_device_id = "10de:2335";
  EXPECT_EQ(against(ids, other), "PCI device id at 0000:18:00.0 10de:2330 (a.txt) vs 10de:2335 (b.txt)");
  // different addresses are different GPUs of one machine, not a disagreement
  EXPECT_FALSE(against(h100, part("nvidia-smi-q", {gpu(1, "00000000:2A:00.0", "NVIDIA H200")})));
}

TEST(MachineIdentity, TheGpuCountOfFullListings) {
  ImportPart eight = part("nvidia-smi-table"), two = part("nvidia-smi-list");
  for (int i = 0; i < 8; ++i) eight.gpus.push_back(gpu(i, "", "NVIDIA H100"));
  for (int i = 0; i < 2; ++i) two.gpus.push_back(gpu(i, "", "NVIDIA H100"));
  EXPECT_EQ(against(eight, two), "GPU count 8 (a.txt) vs 2 (b.txt)");
  ImportPart one_of_eight = part("nvidia-smi-q", {gpu(0, "", "NVIDIA H100")});
  one_of_eight.warnings.push_back("\"Attached GPUs : 8\" but the dump has 1 GPU section");
  EXPECT_FALSE(against(eight, one_of_eight));
  EXPECT_FALSE(against(eight, part("nccl-tests", {gpu(0, "", "NVIDIA H100")})));  // a run on some of them
}

TEST(MachineIdentity, EachOutputJoinsTheMachineReadMostRecentlyThatItFits) {
  ImportPart a = part("nvidia-smi-table", {gpu(0, "00000000:18:00.0", "NVIDIA H100 80GB HBM3")});
  a.software.driver_version = "565.57.01";
  ImportPart b = part("nvidia-smi-table", {gpu(0, "00000000:18:00.0", "NVIDIA L40S")});
  b.software.driver_version = "595.45.04";
  const ImportPart topo_a = part("nvidia-smi-topo"), topo_b = part("nvidia-smi-topo");
  ImportPart again_a = a;
  const std::vector<const ImportPart*> parts{&a, &topo_a, &b, &topo_b, &again_a};
  const MachineSplit s = split_machines(parts, {"a", "topo-a", "b", "topo-b", "a again"});
  EXPECT_EQ(s.count(), 2);
  EXPECT_EQ(s.machine, (std::vector<int>{0, 0, 1, 1, 0}));
  EXPECT_EQ(s.why[1], "driver 565.57.01 (a) vs 595.45.04 (b)");
  EXPECT_EQ(s.against[1], 0);
  EXPECT_EQ(s.opened_by[1], 2);
  EXPECT_EQ(split_machines({}, {}).count(), 0);
}

}  // namespace
}  // namespace gpuaudit::imports
