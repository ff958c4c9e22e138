// Shared body of tensor/mma_fp16 and tensor/mma_bf16 (kernels/mma.cu).
#pragma once

#include "benchmarks/registry.hpp"
#include "kernels/mma.cuh"

namespace gpuaudit {

Measurement run_mma_benchmark(const BenchEnv& env, kernels::MmaType type);

}  // namespace gpuaudit
