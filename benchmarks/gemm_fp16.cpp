// gemm/fp16: achievable matrix-multiply rate through cuBLASLt, FP16 inputs and output, FP32 accumulate, in
// TFLOP/s (2*m*n*k per product).
#include "benchmarks/gemm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"gemm/fp16", "TFLOP/s", true}, 100, false, false,
                                [](const BenchEnv& env) { return run_gemm_benchmark(env, GemmKind::fp16); }}};
}  // namespace
}  // namespace gpuaudit
