// Shared body of the pcie/* copy benchmarks: cudaMemcpyAsync between host and device buffers of
// 256 MiB (quick) or 1 GiB (full). Pinned host buffers are placed on the GPU's NUMA node (or, for
// pcie/h2d_pinned_remote, on another node) and timed with CUDA events; pageable ones are timed with
// the host clock, since the driver stages them through its own pinned buffers synchronously.
// Every copy's destination is checked against its source before any time counts.
#pragma once

#include "benchmarks/registry.hpp"

namespace gpuaudit {

enum class CopyDirection { h2d, d2h, bidir };

Measurement run_copy_benchmark(const BenchEnv& env, CopyDirection direction, bool pinned, bool remote_node);

// pcie/h2d_all: every selected GPU copies host-to-device at once (pinned, each on its own node).
Measurement run_h2d_all(const BenchEnv& env);

}  // namespace gpuaudit
