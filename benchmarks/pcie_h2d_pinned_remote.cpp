// pcie/h2d_pinned_remote: host-to-device copies from pinned memory on ANOTHER NUMA node (--full only): the cost of a misplaced job, in GB/s (1e9 B/s).
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/h2d_pinned_remote", "GB/s", true}, 75, true, false,
                                [](const BenchEnv& env) { return run_copy_benchmark(env, CopyDirection::h2d, true, true); }}};
}  // namespace
}  // namespace gpuaudit
