// pcie/d2h_pageable: device-to-host copies into ordinary (pageable) memory, in GB/s (1e9 B/s).
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/d2h_pageable", "GB/s", true}, 74, false, false,
                                [](const BenchEnv& env) { return run_copy_benchmark(env, CopyDirection::d2h, false, false); }}};
}  // namespace
}  // namespace gpuaudit
