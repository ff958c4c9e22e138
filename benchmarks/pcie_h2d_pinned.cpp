// pcie/h2d_pinned: host-to-device copies from pinned memory on the GPU's NUMA node, in GB/s (1e9 B/s).
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/h2d_pinned", "GB/s", true}, 70, false, false,
                                [](const BenchEnv& env) { return run_copy_benchmark(env, CopyDirection::h2d, true, false); }}};
}  // namespace
}  // namespace gpuaudit
