#include "multigpu/topology.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <sstream>

namespace gpuaudit::multigpu {

namespace {

template <typename Fn, typename... Args>
bool ok(Fn fn, Args... args) {
  return fn && fn(args...) == NVML_SUCCESS;
}

std::string p2p_status_name(nvmlGpuP2PStatus_t s) {
  switch (s) {
    case NVML_P2P_STATUS_OK: return "ok";
    case NVML_P2P_STATUS_CHIPSET_NOT_SUPPORTED: return "chipset-not-supported";
    case NVML_P2P_STATUS_GPU_NOT_SUPPORTED: return "gpu-not-supported";
    case NVML_P2P_STATUS_IOH_TOPOLOGY_NOT_SUPPORTED: return "topology-not-supported";
    case NVML_P2P_STATUS_DISABLED_BY_REGKEY: return "disabled-by-regkey";
    case NVML_P2P_STATUS_NOT_SUPPORTED: return "not-supported";
    case NVML_P2P_STATUS_UNKNOWN: return "unknown";
  }
  return "unknown";
}

std::string p2p_status(const NvmlApi& api, nvmlDevice_t a, nvmlDevice_t b, nvmlGpuP2PCapsIndex_t what) {
  nvmlGpuP2PStatus_t s{};
  if (!ok(api.nvmlDeviceGetP2PStatus, a, b, what, &s)) return "unqueried";
  return p2p_status_name(s);
}

constexpr const char* kSwitchPrefix = "switch:";
constexpr const char* kUntypedPrefix = "untyped:";

bool is_switch_remote(const std::string& r) { return r.rfind(kSwitchPrefix, 0) == 0; }

std::string fmt_gbs(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

}  // namespace

const char* pcie_path_label(PciePath p) {
  switch (p) {
    case PciePath::same_board: return "BOARD";
    case PciePath::pix: return "PIX";
    case PciePath::pxb: return "PXB";
    case PciePath::phb: return "PHB";
    case PciePath::node: return "NODE";
    case PciePath::sys: return "SYS";
    case PciePath::unknown: return "?";
  }
  return "?";
}

const char* pcie_path_meaning(PciePath p) {
  switch (p) {
    case PciePath::same_board: return "on one board (internal PCIe switch)";
    case PciePath::pix: return "same PCIe switch";
    case PciePath::pxb: return "across PCIe switches, below one host bridge";
    case PciePath::phb: return "across the CPU's PCIe host bridge";
    case PciePath::node: return "across host bridges within one NUMA node";
    case PciePath::sys: return "across sockets (CPU interconnect)";
    case PciePath::unknown: return "unknown";
  }
  return "unknown";
}

PciePath pcie_path_from_nvml(nvmlGpuTopologyLevel_t level) {
  switch (level) {
    case NVML_TOPOLOGY_INTERNAL: return PciePath::same_board;
    case NVML_TOPOLOGY_SINGLE: return PciePath::pix;
    case NVML_TOPOLOGY_MULTIPLE: return PciePath::pxb;
    case NVML_TOPOLOGY_HOSTBRIDGE: return PciePath::phb;
    case NVML_TOPOLOGY_NODE: return PciePath::node;
    case NVML_TOPOLOGY_SYSTEM: return PciePath::sys;
  }
  return PciePath::unknown;
}

std::optional<std::string> nvlink_version_name(unsigned v) {
  switch (v) {
    case NVML_NVLINK_VERSION_1_0: return "1.0";
    case NVML_NVLINK_VERSION_2_0: return "2.0";
    case NVML_NVLINK_VERSION_2_2: return "2.2";
    case NVML_NVLINK_VERSION_3_0: return "3.0";
    case NVML_NVLINK_VERSION_3_1: return "3.1";
    case NVML_NVLINK_VERSION_4_0: return "4.0";
    case NVML_NVLINK_VERSION_5_0: return "5.0";
    default: return std::nullopt;
  }
}

std::optional<int> nvlink_generation(unsigned v) {
  switch (v) {
    case NVML_NVLINK_VERSION_1_0: return 1;
    case NVML_NVLINK_VERSION_2_0:
    case NVML_NVLINK_VERSION_2_2: return 2;
    case NVML_NVLINK_VERSION_3_0:
    case NVML_NVLINK_VERSION_3_1: return 3;
    case NVML_NVLINK_VERSION_4_0: return 4;
    case NVML_NVLINK_VERSION_5_0: return 5;
    default: return std::nullopt;
  }
}

std::optional<double> nvlink_gbs_per_link_per_direction(int generation) {
  switch (generation) {
    case 1: return 20.0;
    case 2:
    case 3:
    case 4: return 25.0;
    case 5: return 50.0;
    default: return std::nullopt;
  }
}

std::string normalize_bus_id(const std::string& id) {
  std::string s;
  for (char c : id)
    if (!std::isspace(static_cast<unsigned char>(c)) && c != '\0')
      s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s.size() > 12) s = s.substr(s.size() - 12);
  if (s.size() == 7) s = "0000:" + s;  // "18:00.0": domain left out
  return s;
}

const PairTopology* Topology::pair(int a, int b) const {
  if (a > b) std::swap(a, b);
  for (const auto& p : pairs)
    if (p.a == a && p.b == b) return &p;
  return nullptr;
}

void classify_pairs(Topology& t) {
  std::map<std::string, int> by_bus;
  for (const auto& g : t.gpus) by_bus[g.bus_id] = g.index;
  auto find_gpu = [&](int index) -> const GpuLinks* {
    for (const auto& g : t.gpus)
      if (g.index == index) return &g;
    return nullptr;
  };
  int with_nvlink = 0, direct = 0, switched = 0;
  PciePath worst = PciePath::same_board;
  bool any_pcie = false;
  for (auto& p : t.pairs) {
    const GpuLinks* ga = find_gpu(p.a);
    const GpuLinks* gb = find_gpu(p.b);
    p.nvlinks = 0;
    p.via_nvswitch = false;
    if (ga && gb) {
      for (const auto& r : ga->nvlink_remotes)
        if (r == gb->bus_id) ++p.nvlinks;
      // Through NVSwitches: both GPUs have switch links, and the driver agrees that the pair
      // can talk over NVLink ("unqueried" when the driver cannot say: trust the links).
      if (p.nvlinks == 0 && ga->nvlinks_to_switch > 0 && gb->nvlinks_to_switch > 0 &&
          (p.p2p_nvlink == "ok" || p.p2p_nvlink == "unqueried" || p.p2p_nvlink.empty())) {
        p.nvlinks = std::min(ga->nvlinks_to_switch, gb->nvlinks_to_switch);
        p.via_nvswitch = true;
      }
      if (p.nvlinks > 0) {
        p.nvlink_generation = ga->nvlink_generation ? ga->nvlink_generation : gb->nvlink_generation;
        if (p.nvlink_generation)
          if (auto per = nvlink_gbs_per_link_per_direction(*p.nvlink_generation))
            p.nvlink_gbs_per_direction = *per * p.nvlinks;
      }
    }
    PciePath path = PciePath::unknown;
    for (PciePath c : {PciePath::same_board, PciePath::pix, PciePath::pxb, PciePath::phb, PciePath::node,
                       PciePath::sys})
      if (p.pcie_path == pcie_path_label(c)) path = c;
    p.pcie_meaning = pcie_path_meaning(path);
    if (path != PciePath::unknown) {
      any_pcie = true;
      worst = std::max(worst, path);
    }
    if (p.nvlinks > 0) {
      ++with_nvlink;
      if (p.via_nvswitch) ++switched;
      else ++direct;
      p.label = "NV" + std::to_string(p.nvlinks);
      const GpuLinks* g = ga && ga->nvlink_version ? ga : gb;
      p.description = "NVLink " + (g && g->nvlink_version ? *g->nvlink_version : std::string("?")) + " x" +
                      std::to_string(p.nvlinks) + (p.via_nvswitch ? " via NVSwitch" : " direct");
      if (p.nvlink_gbs_per_direction) p.description += ", " + fmt_gbs(*p.nvlink_gbs_per_direction) + " GB/s each way";
    } else {
      p.label = pcie_path_label(path);
      p.description = std::string("PCIe, ") + pcie_path_meaning(path) + " (" + p.label + ")";
    }
    if (p.p2p_read != "ok" && p.p2p_read != "unqueried" && !p.p2p_read.empty())
      p.description += "; peer access: " + p.p2p_read;
  }
  const int n = static_cast<int>(t.pairs.size());
  if (t.gpus.size() <= 1) t.kind = "single";
  else if (n == 0) t.kind = "unknown";
  else if (with_nvlink == n && switched == n) t.kind = "nvswitch";
  else if (with_nvlink == n) t.kind = "nvlink-mesh";
  else if (with_nvlink > 0) t.kind = "nvlink-partial";
  else t.kind = any_pcie ? "pcie" : "unknown";
  (void)direct;
  t.worst_pcie_path = any_pcie ? pcie_path_label(worst) : "";
}

Topology read_topology(const NvmlApi& api) {
  Topology t;
  if (!api.nvmlInit || api.nvmlInit() != NVML_SUCCESS) {
    t.source = "nvml-error";
    return t;
  }
  unsigned count = 0;
  if (!ok(api.nvmlDeviceGetCount, &count)) count = 0;
  std::vector<nvmlDevice_t> handles;
  for (unsigned i = 0; i < count; ++i) {
    nvmlDevice_t d{};
    if (!ok(api.nvmlDeviceGetHandleByIndex, i, &d)) continue;
    GpuLinks g;
    g.index = static_cast<int>(i);
    char name[NVML_DEVICE_NAME_V2_BUFFER_SIZE] = {};
    if (ok(api.nvmlDeviceGetName, d, name, static_cast<unsigned>(sizeof name))) g.name = name;
    nvmlPciInfo_t pci{};
    if (ok(api.nvmlDeviceGetPciInfo, d, &pci)) g.bus_id = normalize_bus_id(pci.busId);
    for (unsigned link = 0; link < NVML_NVLINK_MAX_LINKS; ++link) {
      nvmlEnableState_t st{};
      if (!ok(api.nvmlDeviceGetNvLinkState, d, link, &st)) break;  // past the last link
      if (st != NVML_FEATURE_ENABLED) continue;
      ++g.nvlinks_up;
      unsigned v = 0;
      if (!g.nvlink_version_raw && ok(api.nvmlDeviceGetNvLinkVersion, d, link, &v)) {
        g.nvlink_version_raw = v;
        g.nvlink_version = nvlink_version_name(v);
        g.nvlink_generation = nvlink_generation(v);
      }
      nvmlPciInfo_t remote{};
      std::string remote_bus = ok(api.nvmlDeviceGetNvLinkRemotePciInfo, d, link, &remote)
                                   ? normalize_bus_id(remote.busId)
                                   : std::string();
      nvmlIntNvLinkDeviceType_t type = NVML_NVLINK_DEVICE_TYPE_UNKNOWN;
      if (!ok(api.nvmlDeviceGetNvLinkRemoteDeviceType, d, link, &type)) type = NVML_NVLINK_DEVICE_TYPE_UNKNOWN;
      g.nvlink_remotes.push_back(type == NVML_NVLINK_DEVICE_TYPE_SWITCH ? kSwitchPrefix + remote_bus
                                 : type == NVML_NVLINK_DEVICE_TYPE_UNKNOWN ? kUntypedPrefix + remote_bus
                                                                            : remote_bus);
    }
    t.gpus.push_back(g);
    handles.push_back(d);
  }
  // Where the driver cannot tell the far end's type (older drivers lack the call), a link that
  // ends on no GPU of this machine ends on a switch; classify_pairs then asks P2P status whether
  // the pair really reaches each other over it.
  for (auto& g : t.gpus) {
    g.nvlinks_to_switch = 0;
    for (auto& r : g.nvlink_remotes) {
      if (r.rfind(kUntypedPrefix, 0) == 0) {
        r = r.substr(std::string(kUntypedPrefix).size());
        bool is_gpu = false;
        for (const auto& o : t.gpus) is_gpu |= !r.empty() && o.bus_id == r;
        if (!is_gpu) r = kSwitchPrefix + r;
      }
      if (is_switch_remote(r)) ++g.nvlinks_to_switch;
    }
  }
  for (std::size_t i = 0; i < handles.size(); ++i)
    for (std::size_t j = i + 1; j < handles.size(); ++j) {
      PairTopology p;
      p.a = t.gpus[i].index;
      p.b = t.gpus[j].index;
      nvmlGpuTopologyLevel_t level{};
      p.pcie_path = ok(api.nvmlDeviceGetTopologyCommonAncestor, handles[i], handles[j], &level)
                        ? pcie_path_label(pcie_path_from_nvml(level))
                        : pcie_path_label(PciePath::unknown);
      p.p2p_read = p2p_status(api, handles[i], handles[j], NVML_P2P_CAPS_INDEX_READ);
      p.p2p_write = p2p_status(api, handles[i], handles[j], NVML_P2P_CAPS_INDEX_WRITE);
      p.p2p_nvlink = p2p_status(api, handles[i], handles[j], NVML_P2P_CAPS_INDEX_NVLINK);
      t.pairs.push_back(p);
    }
  if (api.nvmlShutdown) api.nvmlShutdown();
  classify_pairs(t);
  return t;
}

std::string topology_matrix_text(const Topology& t) {
  std::ostringstream o;
  const int w = 6;
  auto cell = [&](const std::string& s) {
    o << s;
    for (int k = static_cast<int>(s.size()); k < w; ++k) o << ' ';
  };
  cell("");
  for (const auto& g : t.gpus) cell("GPU" + std::to_string(g.index));
  o << "\n";
  for (const auto& a : t.gpus) {
    cell("GPU" + std::to_string(a.index));
    for (const auto& b : t.gpus) {
      if (a.index == b.index) cell("X");
      else if (const auto* p = t.pair(a.index, b.index)) cell(p->label);
      else cell("?");
    }
    o << "\n";
  }
  return o.str();
}

}  // namespace gpuaudit::multigpu
