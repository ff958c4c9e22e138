// Which NUMA node a GPU hangs off, and which nodes have memory, from sysfs. Pinned host buffers for
// pcie/* are placed on the GPU's node (what a well-configured job does) and, in full mode, on a
// remote node too: the gap between the two shows what a misplaced job loses.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// `bus_id` as CUDA ("0000:18:00.0") or NVML ("00000000:18:00.0") prints it. Null when sysfs has no
// answer or says -1 (a single-node machine, or a VM that hides the topology).
std::optional<int> pci_numa_node(const std::string& sysfs_root, const std::string& bus_id);

// Nodes under <root>/devices/system/node with memory (MemTotal > 0), ascending.
std::vector<int> memory_nodes(const std::string& sysfs_root);

// The first node with memory other than `local`; null when there is none.
std::optional<int> remote_node(const std::vector<int>& nodes, int local);

}  // namespace gpuaudit
