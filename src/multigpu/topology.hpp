// How the GPUs of this machine are wired to each other, from NVML: the information of
// `nvidia-smi topo -m`, per pair, with NVLink link counts and versions.
//
// NVML answers three questions per pair and we combine them:
//   * nvmlDeviceGetTopologyCommonAncestor: the closest PCIe point both GPUs hang off
//     (same switch, several switches, host bridge, NUMA node, or only the socket interconnect);
//   * NVLink, per link: is it up, its version, and what is on the other end (the PCI bus id of
//     a GPU, or an NVSwitch, told by nvmlDeviceGetNvLinkRemoteDeviceType where the driver has it);
//   * nvmlDeviceGetP2PStatus: whether the driver allows peer reads/writes, over NVLink or PCIe.
// Pairs joined through NVSwitches have no link "to" each other: each GPU's links end on the
// switches, and the pair gets the smaller of the two GPUs' switch-link counts, as nvidia-smi
// prints NV18 for every pair of an HGX H100.
#pragma once

#include "core/json.hpp"
#include "probe/nvml_api.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

// The PCIe path between two GPUs, nvidia-smi's legend. Worse paths sort higher.
enum class PciePath { same_board = 0, pix = 10, pxb = 20, phb = 30, node = 40, sys = 50, unknown = 99 };
const char* pcie_path_label(PciePath p);     // "PIX", "PXB", "PHB", "NODE", "SYS", "BOARD", "?"
const char* pcie_path_meaning(PciePath p);   // "same PCIe switch", "across sockets", ...
PciePath pcie_path_from_nvml(nvmlGpuTopologyLevel_t level);

// NVML's nvmlNvlinkVersion_t: 1 -> "1.0", ... 4 -> "3.0", 5 -> "3.1", 6 -> "4.0", 7 -> "5.0".
// (The API returns this enum, not the generation: an A100 reports 5, an H100 6.)
std::optional<std::string> nvlink_version_name(unsigned nvml_version);
std::optional<int> nvlink_generation(unsigned nvml_version);
// Per link and direction, GB/s: NVLink 1: 20; 2, 3, 4: 25; 5: 50 (NVIDIA's per-GPU totals
// 160/300/600/900/1800 GB/s bidirectional over 4/6/12/18/18 links).
std::optional<double> nvlink_gbs_per_link_per_direction(int generation);

struct GpuLinks {
  int index = 0;               // NVML index
  std::string name;
  std::string bus_id;          // normalised "0000:18:00.0"
  int nvlinks_up = 0;
  int nvlinks_to_switch = 0;
  std::optional<unsigned> nvlink_version_raw;  // as NVML returned it
  std::optional<std::string> nvlink_version;   // "4.0"
  std::optional<int> nvlink_generation;        // 4
  std::vector<std::string> nvlink_remotes;     // bus id (or "switch:<bus id>") per link that is up
};
GA_JSON_VALUE(GpuLinks, index, name, bus_id, nvlinks_up, nvlinks_to_switch, nvlink_version_raw, nvlink_version,
              nvlink_generation, nvlink_remotes)

struct PairTopology {
  int a = 0, b = 0;             // NVML indices, a < b
  std::string label;            // "NV18", "PIX", "SYS", ... as nvidia-smi topo -m prints it
  std::string pcie_path;        // PCIe part alone: "PIX" ... "SYS"
  std::string pcie_meaning;     // "same PCIe switch", ...
  int nvlinks = 0;              // links usable between the pair
  bool via_nvswitch = false;
  std::optional<int> nvlink_generation;
  std::optional<double> nvlink_gbs_per_direction;  // links x per-link speed
  std::string p2p_read, p2p_write, p2p_nvlink;     // "ok" or why not ("chipset-not-supported", ...)
  std::string description;      // "NVLink 4.0 x18 via NVSwitch", "PCIe, across sockets (SYS)"
};
GA_JSON_VALUE(PairTopology, a, b, label, pcie_path, pcie_meaning, nvlinks, via_nvswitch, nvlink_generation,
              nvlink_gbs_per_direction, p2p_read, p2p_write, p2p_nvlink, description)

struct Topology {
  std::string source = "nvml";      // or why it is empty: "no-nvml", "nvml-error"
  std::vector<GpuLinks> gpus;
  std::vector<PairTopology> pairs;  // every a < b
  // The machine in one word: single | nvswitch | nvlink-mesh (every pair direct NVLink) |
  // nvlink-partial (some pairs) | pcie (none) | unknown.
  std::string kind = "unknown";
  std::string worst_pcie_path;      // among all pairs: the path PCIe traffic may have to take

  const PairTopology* pair(int a, int b) const;
};
GA_JSON_VALUE(Topology, source, kind, worst_pcie_path, gpus, pairs)

// Reads the topology of every physical GPU NVML sees (calls nvmlInit/nvmlShutdown itself).
Topology read_topology(const NvmlApi& api);

// Classifies what per-GPU link facts say; read_topology's second half, separate for the tests.
void classify_pairs(Topology& t);

// The nvidia-smi style matrix, one line per GPU, for the report and the docs.
std::string topology_matrix_text(const Topology& t);

// "00000000:18:00.0" / "0000:18:00.0" / "18:00.0" -> "0000:18:00.0", lower case.
std::string normalize_bus_id(const std::string& id);

}  // namespace gpuaudit::multigpu
