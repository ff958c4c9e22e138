// host/membw: host memory bandwidth with every allowed CPU streaming (STREAM-style triad
// a = b + s*c, 24 bytes counted per element), arrays several times the last-level cache so DRAM
// is measured, not cache. Each thread first-touches its own slice, so Linux places those pages on
// the thread's NUMA node. With several nodes it also measures each node alone and node 0's CPUs
// reading memory placed on another node, which is what pinned host buffers on the wrong socket cost.
#pragma once

#include "core/result.hpp"
#include "host/cpu_topology.hpp"

#include <cstdint>

namespace gpuaudit {

struct MembwOptions {
  int samples = 5;
  std::uint64_t bytes_per_array = 0;  // 0: max(4 x LLC, 256 MiB), capped to 1/8 of available memory
  double min_sample_s = 0.05;         // passes per sample are repeated until a sample lasts this long
  bool per_node = true;               // also measure each NUMA node (when there are several)
};

// Pure: the array size the default picks (exposed for tests).
std::uint64_t default_membw_array_bytes(std::uint64_t llc_total, std::uint64_t mem_available);

BenchmarkResult run_membw_check(const MembwOptions& opt, const CpuTopology& topo);

}  // namespace gpuaudit
