// Shared body of tensor/mma_fp16 and tensor/mma_bf16 (kernels/mma.cu), and tensor/mma_bf16's
// Hopper path (kernels/wgmma.cu, benchmarks/tensor_wgmma.cpp).
#pragma once

#include "benchmarks/registry.hpp"
#include "kernels/mma.cuh"

namespace gpuaudit {

// tensor/mma_bf16 runs wgmma on compute capability 9.0 when the binary has the sm_90a kernel;
// everything else runs warp-level mma.sync. params.instruction says which.
Measurement run_mma_benchmark(const BenchEnv& env, kernels::MmaType type);

// The wgmma figure itself (only on CC 9.0 with kernels::wgmma_built()).
Measurement run_wgmma_bf16(const BenchEnv& env);

}  // namespace gpuaudit
