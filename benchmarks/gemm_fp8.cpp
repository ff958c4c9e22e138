// gemm/fp8: achievable matrix-multiply rate through cuBLASLt, FP8 E4M3 inputs, BF16 output (compute capability 8.9+; not-applicable before), FP32 accumulate, in
// TFLOP/s (2*m*n*k per product).
#include "benchmarks/gemm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"gemm/fp8", "TFLOP/s", true}, 103, false, false,
                                [](const BenchEnv& env) { return run_gemm_benchmark(env, GemmKind::fp8); }}};
}  // namespace
}  // namespace gpuaudit
