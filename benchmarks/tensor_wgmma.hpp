// tensor/mma_bf16's Hopper path (kernels/wgmma.cu), run by benchmarks/tensor_mma.cpp on compute
// capability 9.0 when the binary has the sm_90a kernel (kernels::wgmma_built()).
#pragma once

#include "benchmarks/framework/registry.hpp"

namespace gpuaudit {

Measurement run_wgmma_bf16(const BenchEnv& env);

}  // namespace gpuaudit
