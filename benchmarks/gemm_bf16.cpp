// gemm/bf16: achievable matrix-multiply rate through cuBLASLt, BF16 inputs and output (the usual training type), FP32 accumulate, in
// TFLOP/s (2*m*n*k per product).
#include "benchmarks/gemm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"gemm/bf16", "TFLOP/s", true}, 101, false, false,
                                [](const BenchEnv& env) { return run_gemm_benchmark(env, GemmKind::bf16); }}};
}  // namespace
}  // namespace gpuaudit
