// The `numa-far` diagnosis: on a host of several NUMA nodes, the job's processes ran mostly on a
// node other than the one its GPUs hang off. Every host buffer such a process fills (a batch, a
// pinned staging buffer) is copied to the GPU across the sockets' link, and its memory is far from
// the PCIe root that serves the GPU; NVIDIA's tuning guides bind a GPU's feeding process to the
// GPU's node for that reason (`nvidia-smi topo -m` prints each GPU's "NUMA Affinity").
//   Rule: every GPU the job used is on one node N (known), at least kNumaMinPoints intervals say
//   where the job's processes last ran, and in at least kNumaFarShare of them fewer than half of the
//   job's processes were on N. A job that used GPUs of several nodes is not judged: each of its
//   ranks should sit by its own GPU, and which process drives which GPU is not seen from here.
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
