// pcie/bidir_pinned: both directions at once (two streams), pinned; bytes of both directions counted, in GB/s (1e9 B/s).
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/bidir_pinned", "GB/s", true}, 72, false, false,
                                [](const BenchEnv& env) { return run_copy_benchmark(env, CopyDirection::bidir, true, false); }}};
}  // namespace
}  // namespace gpuaudit
