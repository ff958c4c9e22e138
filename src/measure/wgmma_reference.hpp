// The host reference for kernels/wgmma.cu: A(m, k) = rnd::dyadic(seed, k) and B(n, k) =
// rnd::dyadic(seed, 16 + k) for k < 16, the same in every row, so after `iters` rounds of
// kWgmmaPerRound m64n256k16 instructions every FP32 accumulator holds iters * per_round * S with
// S = sum_k A(k) B(k). Products are +-1/4, +-1/2 or +-1, so S is a multiple of 1/4 with |S| <= 16
// and every partial sum is exact while iters * per_round <= kWgmmaExactSteps: at most 2^18 in
// quarters, 20 significant bits, 4 below FP32's 24, as margin for a tensor-core accumulator that
// keeps fewer bits than FP32 (Hopper's FP8 path is reported to), so a right answer is always exact.
#pragma once

#include <cstdint>

namespace gpuaudit {

inline constexpr long long kWgmmaExactSteps = 1ll << 14;  // 2^14 * 16 = 2^18: 2^20 quarters

// S for this seed.
double wgmma_k_sum(std::uint64_t seed);

// The first seed from `seed` on whose S is not zero (a zero S would leave every accumulator at 0,
// which a kernel that never ran would match too).
std::uint64_t wgmma_seed_with_nonzero_sum(std::uint64_t seed);

// What every accumulator must hold.
double wgmma_expected(std::uint64_t seed, long long iters, int per_round);

}  // namespace gpuaudit
