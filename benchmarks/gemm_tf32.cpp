// gemm/tf32: achievable matrix-multiply rate through cuBLASLt, FP32 data through the tensor cores' TF32 mode, FP32 accumulate, in
// TFLOP/s (2*m*n*k per product).
#include "benchmarks/gemm_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"gemm/tf32", "TFLOP/s", true}, 102, false, false,
                                [](const BenchEnv& env) { return run_gemm_benchmark(env, GemmKind::tf32); }}};
}  // namespace
}  // namespace gpuaudit
