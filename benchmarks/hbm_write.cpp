// hbm/write: device-memory bandwidth, writing one array with a constant, in GB/s (1e9 B/s).
#include "benchmarks/hbm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"hbm/write", "GB/s", true}, 51, false, false,
                                [](const BenchEnv& env) { return run_stream_benchmark(env, kernels::StreamOp::write); }}};
}  // namespace
}  // namespace gpuaudit
