// pcie/bidir_pageable: both directions at once from ordinary (pageable) memory, in GB/s (1e9 B/s).
// The driver stages pageable copies through its own pinned buffers, so the two directions barely
// overlap; next to pcie/bidir_pinned it shows what a data loader without pinned memory gets.
// Full mode only: it adds seconds and rarely tells more than the one-way pageable figures.
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/bidir_pageable", "GB/s", true}, 76, true, false,
                                [](const BenchEnv& env) { return run_copy_benchmark(env, CopyDirection::bidir, false, false); }}};
}  // namespace
}  // namespace gpuaudit
