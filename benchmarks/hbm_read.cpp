// hbm/read: device-memory bandwidth, reading one array (a checksum of it, so nothing is written per element), in GB/s (1e9 B/s).
#include "benchmarks/hbm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"hbm/read", "GB/s", true}, 50, false, false,
                                [](const BenchEnv& env) { return run_stream_benchmark(env, kernels::StreamOp::read); }}};
}  // namespace
}  // namespace gpuaudit
