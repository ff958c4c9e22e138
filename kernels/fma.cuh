// sm/fp32, sm/fp64, sm/int32: CUDA-core throughput without memory traffic. Every thread runs
// kFmaChains independent chains x = x*a + b entirely in registers (independent chains hide the
// pipeline latency; the unrolled inner loop keeps loop overhead under 2% of issued instructions).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gpuaudit::kernels {

enum class FmaType { fp32, fp64, int32 };

inline constexpr int kFmaChains = 8;
inline constexpr int kFmaUnroll = 32;  // iterations must be a multiple of this

// Initial values, per thread t and chain c (host references use the same):
//   x_c = rnd::unit_float(seed, t*kFmaChains + c)          (int32: rnd::word)
//   a   = 1 - 2^-12 * rnd::unit_float(seed + 1, t)          (int32: rnd::word(seed + 1, t) | 1)
//   b   = 2^-12 * rnd::unit_float(seed + 2, t)              (int32: rnd::word(seed + 2, t))
// so floating chains converge near 1 and never overflow or go subnormal. After `iters` rounds each
// thread stores its chains to out[t*kFmaChains + c] (float, double or uint32 by type).
// Operations per launch: blocks * threads * kFmaChains * iters * 2.
cudaError_t launch_fma(FmaType type, int blocks, int threads, int iters, std::uint64_t seed, void* out,
                       cudaStream_t stream);

int fma_blocks_per_sm(FmaType type, int threads);

}  // namespace gpuaudit::kernels
