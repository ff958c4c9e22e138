// A scripted NVML for the topology tests: a table of GPUs, their PCIe placement and their NVLink
// links behind the NvmlApi function table, so the code that reads `nvidia-smi topo -m`
// information runs here without a driver. Three machines are built in: an NVIDIA DGX H100, a
// PCIe-only 4x L40S server and an 8x A800 HGX board.
#pragma once

#include "probe/nvml_api.hpp"

#include <string>
#include <vector>

namespace gpuaudit::testing {

struct FakeLink {
  bool up = true;
  unsigned version = NVML_NVLINK_VERSION_4_0;
  std::string remote_bus;  // a GPU's or an NVSwitch's bus id
  nvmlIntNvLinkDeviceType_t remote_type = NVML_NVLINK_DEVICE_TYPE_GPU;
};

struct FakeTopoGpu {
  std::string name;
  std::string bus_id;     // NVML style, "00000000:18:00.0"
  int socket = 0;
  int host_bridge = 0;    // machine-wide ids
  int upper_switch = 0;
  int pcie_switch = 0;
  std::vector<FakeLink> links;
};

struct FakeTopoMachine {
  std::vector<FakeTopoGpu> gpus;
  bool has_remote_type = true;        // false: a driver without nvmlDeviceGetNvLinkRemoteDeviceType
  bool pcie_p2p_across_sockets = false;  // peer access over PCIe between sockets
};

// Makes `m` the machine the returned table answers for (one at a time, tests are sequential).
NvmlApi fake_topology_api(const FakeTopoMachine& m);

FakeTopoMachine fake_dgx_h100();       // 8x H100 SXM, 18 NVLink4 links each to 4 NVSwitches, 2 sockets
FakeTopoMachine fake_l40s_x4_pcie();   // 4x L40S, two per PCIe switch, one switch per socket
FakeTopoMachine fake_a800_x8();        // 8x A800 SXM, 8 NVLink3 links each to NVSwitches (400 GB/s)

}  // namespace gpuaudit::testing
