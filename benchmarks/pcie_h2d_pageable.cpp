// pcie/h2d_pageable: host-to-device copies from ordinary (pageable) memory, as a naive data loader does, in GB/s (1e9 B/s).
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/h2d_pageable", "GB/s", true}, 73, false, false,
                                [](const BenchEnv& env) { return run_copy_benchmark(env, CopyDirection::h2d, false, false); }}};
}  // namespace
}  // namespace gpuaudit
