// tensor/mma_fp16: the tensor pipe's fp16 rate (FP32 accumulate) with operands in registers, in
// TFLOP/s: an upper bound for matrix work that no memory traffic limits. On Hopper, warp-level
// mma.sync is not the fastest path (wgmma is), so this sits below gemm/fp16 there.
#include "benchmarks/tensor_mma_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"tensor/mma_fp16", "TFLOP/s", true}, 40, false, false,
                                [](const BenchEnv& env) { return run_mma_benchmark(env, kernels::MmaType::fp16); }}};
}  // namespace
}  // namespace gpuaudit
