// tensor/mma_fp16, tensor/mma_bf16: the tensor pipe's rate with operands in registers (no memory
// traffic): warp-wide mma.sync on kMmaChains independent accumulators. sm_80+ runs m16n8k16
// (fp16 and bf16); sm_75 has only the fp16 m16n8k8 form; older parts have neither.
// Operand values and the expected result: measure/mma_reference.hpp.
#pragma once

#include "measure/mma_reference.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <optional>

namespace gpuaudit::kernels {

enum class MmaType { fp16, bf16 };

inline constexpr int kMmaChains = 8;

// The instruction shape the kernel uses on a device of this compute capability; null when the
// device has no such tensor instruction (the benchmark is then not-applicable).
std::optional<MmaShape> mma_shape_for(MmaType type, int cc_major, int cc_minor);

// FLOP of one warp-wide instruction of this shape (2*m*n*k).
double mma_flops_per_instruction(MmaShape shape);

// Each warp runs `iters` rounds over kMmaChains chains and stores 4 floats per lane to
// out[(warp*32 + lane)*4 + i]. FLOP per launch: warps * kMmaChains * iters * flops_per_instruction.
cudaError_t launch_mma(MmaType type, int blocks, int threads, int iters, std::uint64_t seed, float* out,
                       cudaStream_t stream);

int mma_blocks_per_sm(MmaType type, int threads);

}  // namespace gpuaudit::kernels
