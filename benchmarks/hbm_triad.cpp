// hbm/triad: device-memory bandwidth, a[i] = b[i] + s*c[i] (two arrays read, one written), in GB/s (1e9 B/s).
#include "benchmarks/hbm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"hbm/triad", "GB/s", true}, 53, false, false,
                                [](const BenchEnv& env) { return run_stream_benchmark(env, kernels::StreamOp::triad); }}};
}  // namespace
}  // namespace gpuaudit
