// tensor/mma_bf16: the tensor pipe's bf16 rate (FP32 accumulate) with operands in registers, in
// TFLOP/s: an upper bound for matrix work that no memory traffic limits. On Hopper, warp-level
// mma.sync is not the fastest path (wgmma is), so this sits below gemm/bf16 there.
#include "benchmarks/tensor_mma_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"tensor/mma_bf16", "TFLOP/s", true}, 41, false, false,
                                [](const BenchEnv& env) { return run_mma_benchmark(env, kernels::MmaType::bf16); }}};
}  // namespace
}  // namespace gpuaudit
