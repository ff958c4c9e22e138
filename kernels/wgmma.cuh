// tensor/mma_bf16's Hopper path: wgmma.mma_async (sm_90a only, kernels/wgmma.cu). The host
// chooses it on compute capability 9.0 when the binary has it (wgmma_built()); elsewhere the
// warp-level mma.sync kernels of kernels/mma.cuh run. Blackwell's equivalent (tcgen05.mma with
// tensor memory, sm_100a) is not written yet: see docs/benchmarks.md.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gpuaudit::kernels {

inline constexpr int kWgmmaThreads = 128;        // one warpgroup per block
inline constexpr int kWgmmaAccumulators = 128;   // FP32 registers per thread: 64 x 256 / 128
inline constexpr int kWgmmaPerRound = 4;         // instructions per commit group
inline constexpr double kWgmmaFlopsPerInstruction = 2.0 * 64 * 256 * 16;  // m64n256k16

// True when this binary has the sm_90a kernel (cmake/Device.cmake builds it where the compiler
// knows sm_90a and the architecture list has a 9.0 entry).
constexpr bool wgmma_built() {
#if defined(GPUAUDIT_HAVE_WGMMA)
  return true;
#else
  return false;
#endif
}

// `blocks` warpgroups, each running `iters` rounds of kWgmmaPerRound instructions; thread t of
// block b stores its 128 accumulators to out[(b*128 + t)*128 + i], every one of which must equal
// measure/wgmma_reference.hpp's wgmma_expected(seed, iters). Only on CC 9.0.
cudaError_t launch_wgmma_bf16(int blocks, int iters, std::uint64_t seed, float* out, cudaStream_t stream);

int wgmma_blocks_per_sm();

}  // namespace gpuaudit::kernels
