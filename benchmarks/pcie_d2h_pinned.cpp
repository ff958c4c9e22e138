// pcie/d2h_pinned: device-to-host copies into pinned memory on the GPU's NUMA node, in GB/s (1e9 B/s).
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/d2h_pinned", "GB/s", true}, 71, false, false,
                                [](const BenchEnv& env) { return run_copy_benchmark(env, CopyDirection::d2h, true, false); }}};
}  // namespace
}  // namespace gpuaudit
