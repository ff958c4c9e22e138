// hbm/copy: device-memory bandwidth, a[i] = b[i] (bytes read + bytes written), in GB/s (1e9 B/s).
#include "benchmarks/hbm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"hbm/copy", "GB/s", true}, 52, false, false,
                                [](const BenchEnv& env) { return run_stream_benchmark(env, kernels::StreamOp::copy); }}};
}  // namespace
}  // namespace gpuaudit
