#include "fakes/topology_fake_nvml.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace gpuaudit::testing {

namespace {

FakeTopoMachine g_machine;

nvmlDevice_t handle_of(unsigned i) { return reinterpret_cast<nvmlDevice_t>(static_cast<std::uintptr_t>(i) + 1); }

const FakeTopoGpu* gpu_of(nvmlDevice_t d) {
  const auto i = reinterpret_cast<std::uintptr_t>(d);
  if (i == 0 || i > g_machine.gpus.size()) return nullptr;
  return &g_machine.gpus[i - 1];
}

const FakeLink* link_of(nvmlDevice_t d, unsigned link) {
  const FakeTopoGpu* g = gpu_of(d);
  if (!g || link >= g->links.size()) return nullptr;
  return &g->links[link];
}

void set_bus(nvmlPciInfo_t* pci, const std::string& bus) {
  std::memset(pci, 0, sizeof *pci);
  std::snprintf(pci->busId, sizeof pci->busId, "%s", bus.c_str());
  std::snprintf(pci->busIdLegacy, sizeof pci->busIdLegacy, "%s", bus.size() > 12 ? bus.substr(bus.size() - 12).c_str() : bus.c_str());
}

int nvlinks_between(const FakeTopoGpu& a, const FakeTopoGpu& b) {
  int direct = 0, sa = 0, sb = 0;
  for (const auto& l : a.links) {
    if (!l.up) continue;
    if (l.remote_type == NVML_NVLINK_DEVICE_TYPE_SWITCH) ++sa;
    else if (l.remote_bus == b.bus_id) ++direct;
  }
  for (const auto& l : b.links)
    if (l.up && l.remote_type == NVML_NVLINK_DEVICE_TYPE_SWITCH) ++sb;
  return direct > 0 ? direct : (sa < sb ? sa : sb);
}

}  // namespace

NvmlApi fake_topology_api(const FakeTopoMachine& m) {
  g_machine = m;
  NvmlApi api;
  api.nvmlInit = []() -> nvmlReturn_t { return NVML_SUCCESS; };
  api.nvmlShutdown = []() -> nvmlReturn_t { return NVML_SUCCESS; };
  api.nvmlDeviceGetCount = [](unsigned* n) -> nvmlReturn_t {
    *n = static_cast<unsigned>(g_machine.gpus.size());
    return NVML_SUCCESS;
  };
  api.nvmlDeviceGetHandleByIndex = [](unsigned i, nvmlDevice_t* d) -> nvmlReturn_t {
    if (i >= g_machine.gpus.size()) return NVML_ERROR_INVALID_ARGUMENT;
    *d = handle_of(i);
    return NVML_SUCCESS;
  };
  api.nvmlDeviceGetName = [](nvmlDevice_t d, char* buf, unsigned len) -> nvmlReturn_t {
    const FakeTopoGpu* g = gpu_of(d);
    if (!g) return NVML_ERROR_INVALID_ARGUMENT;
    std::snprintf(buf, len, "%s", g->name.c_str());
    return NVML_SUCCESS;
  };
  api.nvmlDeviceGetPciInfo = [](nvmlDevice_t d, nvmlPciInfo_t* pci) -> nvmlReturn_t {
    const FakeTopoGpu* g = gpu_of(d);
    if (!g) return NVML_ERROR_INVALID_ARGUMENT;
    set_bus(pci, g->bus_id);
    return NVML_SUCCESS;
  };
  api.nvmlDeviceGetNvLinkState = [](nvmlDevice_t d, unsigned link, nvmlEnableState_t* st) -> nvmlReturn_t {
    const FakeTopoGpu* g = gpu_of(d);
    if (!g) return NVML_ERROR_INVALID_ARGUMENT;
    if (g->links.empty()) return NVML_ERROR_NOT_SUPPORTED;  // PCIe-only boards
    const FakeLink* l = link_of(d, link);
    if (!l) return NVML_ERROR_INVALID_ARGUMENT;
    *st = l->up ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED;
    return NVML_SUCCESS;
  };
  api.nvmlDeviceGetNvLinkVersion = [](nvmlDevice_t d, unsigned link, unsigned* v) -> nvmlReturn_t {
    const FakeLink* l = link_of(d, link);
    if (!l) return NVML_ERROR_INVALID_ARGUMENT;
    *v = l->version;
    return NVML_SUCCESS;
  };
  api.nvmlDeviceGetNvLinkRemotePciInfo = [](nvmlDevice_t d, unsigned link, nvmlPciInfo_t* pci) -> nvmlReturn_t {
    const FakeLink* l = link_of(d, link);
    if (!l) return NVML_ERROR_INVALID_ARGUMENT;
    set_bus(pci, l->remote_bus);
    return NVML_SUCCESS;
  };
  if (m.has_remote_type)
    api.nvmlDeviceGetNvLinkRemoteDeviceType = [](nvmlDevice_t d, unsigned link,
                                                 nvmlIntNvLinkDeviceType_t* t) -> nvmlReturn_t {
      const FakeLink* l = link_of(d, link);
      if (!l) return NVML_ERROR_INVALID_ARGUMENT;
      *t = l->remote_type;
      return NVML_SUCCESS;
    };
  api.nvmlDeviceGetTopologyCommonAncestor = [](nvmlDevice_t a, nvmlDevice_t b,
                                               nvmlGpuTopologyLevel_t* level) -> nvmlReturn_t {
    const FakeTopoGpu* x = gpu_of(a);
    const FakeTopoGpu* y = gpu_of(b);
    if (!x || !y) return NVML_ERROR_INVALID_ARGUMENT;
    if (x->pcie_switch == y->pcie_switch) *level = NVML_TOPOLOGY_SINGLE;
    else if (x->upper_switch == y->upper_switch) *level = NVML_TOPOLOGY_MULTIPLE;
    else if (x->host_bridge == y->host_bridge) *level = NVML_TOPOLOGY_HOSTBRIDGE;
    else if (x->socket == y->socket) *level = NVML_TOPOLOGY_NODE;
    else *level = NVML_TOPOLOGY_SYSTEM;
    return NVML_SUCCESS;
  };
  api.nvmlDeviceGetP2PStatus = [](nvmlDevice_t a, nvmlDevice_t b, nvmlGpuP2PCapsIndex_t what,
                                  nvmlGpuP2PStatus_t* st) -> nvmlReturn_t {
    const FakeTopoGpu* x = gpu_of(a);
    const FakeTopoGpu* y = gpu_of(b);
    if (!x || !y) return NVML_ERROR_INVALID_ARGUMENT;
    const bool nvlink = nvlinks_between(*x, *y) > 0;
    const bool pcie_ok = x->socket == y->socket || g_machine.pcie_p2p_across_sockets;
    switch (what) {
      case NVML_P2P_CAPS_INDEX_NVLINK: *st = nvlink ? NVML_P2P_STATUS_OK : NVML_P2P_STATUS_NOT_SUPPORTED; break;
      case NVML_P2P_CAPS_INDEX_READ:
      case NVML_P2P_CAPS_INDEX_WRITE:
        *st = nvlink || pcie_ok ? NVML_P2P_STATUS_OK : NVML_P2P_STATUS_IOH_TOPOLOGY_NOT_SUPPORTED;
        break;
      default: *st = NVML_P2P_STATUS_OK;
    }
    return NVML_SUCCESS;
  };
  return api;
}

namespace {

// An HGX board: 8 GPUs, each with `links` NVLinks spread over `switches` NVSwitches, two GPUs per
// PCIe switch pair-wise on separate switches (as on DGX), four GPUs per socket.
FakeTopoMachine hgx(const std::string& name, int links, unsigned version, int switches) {
  static const char* buses[] = {"00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
                                "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"};
  FakeTopoMachine m;
  for (int i = 0; i < 8; ++i) {
    FakeTopoGpu g;
    g.name = name;
    g.bus_id = buses[i];
    g.socket = i / 4;
    g.host_bridge = i / 2;   // two GPUs per root port complex
    g.upper_switch = i;      // each GPU behind its own switch chain
    g.pcie_switch = i;
    for (int l = 0; l < links; ++l) {
      FakeLink fl;
      fl.version = version;
      char sw[32];
      std::snprintf(sw, sizeof sw, "00000000:%02X:00.0", 0x05 + (l % switches));
      fl.remote_bus = sw;
      fl.remote_type = NVML_NVLINK_DEVICE_TYPE_SWITCH;
      g.links.push_back(fl);
    }
    m.gpus.push_back(g);
  }
  return m;
}

}  // namespace

FakeTopoMachine fake_dgx_h100() { return hgx("NVIDIA H100 80GB HBM3", 18, NVML_NVLINK_VERSION_4_0, 4); }

FakeTopoMachine fake_a800_x8() {
  // A100/A800 NVML reports NVLink version 3.1 (enum 5); A800 has 8 of the A100's 12 links.
  return hgx("NVIDIA A800-SXM4-80GB", 8, NVML_NVLINK_VERSION_3_1, 6);
}

FakeTopoMachine fake_l40s_x4_pcie() {
  FakeTopoMachine m;
  const char* buses[] = {"00000000:41:00.0", "00000000:42:00.0", "00000000:C1:00.0", "00000000:C2:00.0"};
  for (int i = 0; i < 4; ++i) {
    FakeTopoGpu g;
    g.name = "NVIDIA L40S";
    g.bus_id = buses[i];
    g.socket = i / 2;
    g.host_bridge = i / 2;
    g.upper_switch = i / 2;
    g.pcie_switch = i / 2;  // two GPUs behind one PCIe switch
    m.gpus.push_back(g);
  }
  return m;
}

}  // namespace gpuaudit::testing
