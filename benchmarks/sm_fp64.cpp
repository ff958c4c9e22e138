// sm/fp64: FP64 fused multiply-add (DFMA; 1/64 rate on most consumer parts) throughput of all SMs, in TFLOP/s
// (a multiply-add counts as 2 operations), with the SM clock that rate implies.
#include "benchmarks/sm_fma_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"sm/fp64", "TFLOP/s", true}, 21, false, false,
                                [](const BenchEnv& env) { return run_fma_benchmark(env, kernels::FmaType::fp64); }}};
}  // namespace
}  // namespace gpuaudit
