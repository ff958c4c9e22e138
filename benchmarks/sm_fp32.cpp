// sm/fp32: FP32 fused multiply-add (FFMA) throughput of all SMs, in TFLOP/s
// (a multiply-add counts as 2 operations), with the SM clock that rate implies.
#include "benchmarks/sm_fma_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"sm/fp32", "TFLOP/s", true}, 20, false, false,
                                [](const BenchEnv& env) { return run_fma_benchmark(env, kernels::FmaType::fp32); }}};
}  // namespace
}  // namespace gpuaudit
