// The `numa-far` diagnosis: on a host of several NUMA nodes, the job's processes ran mostly on a
// node other than the one their GPUs hang off. Every host buffer such a process fills (a batch, a
// pinned staging buffer) is copied to the GPU across the sockets' link, and its memory is far from
// the PCIe root that serves the GPU; NVIDIA's tuning guides bind a GPU's feeding process to the
// GPU's node for that reason (`nvidia-smi topo -m` prints each GPU's "NUMA Affinity").
//   Which node a process belongs on:
//   - every GPU the job used is on one node N (known): each of the job's processes, on N (its
//     data-loader workers hold no GPU context but fill the buffers the GPU reads);
//   - the GPUs it used are on several nodes: only the processes NVML lists on those GPUs are
//     judged, each on the node of the GPUs it drives (a rank of a multi-GPU job beside its own
//     GPU); a process that drives GPUs of two nodes, or none, is not judged.
//   Rule: at least kNumaMinPoints intervals say where judged processes last ran, and in at least
//   kNumaFarShare of them fewer than half of the judged processes were on their node.
#pragma once

#include "watch/watch_record.hpp"

#include <optional>
#include <vector>

namespace gpuaudit {

inline constexpr int kNumaMinPoints = 3;
inline constexpr double kNumaFarShare = 0.5;

// `used` holds the GPUs the job used (its mean utilisation at or above the "used" floor).
std::optional<WatchDiagnosis> numa_far(const WatchRecord& r, const std::vector<int>& used);

}  // namespace gpuaudit
