// The values the collective benchmarks put in their buffers, and what every output element must
// then hold. Shared by the host (unit tests, planning) and the device fill/check kernels, so it
// is header-only and marked __host__ __device__ when nvcc compiles it.
//
// Why small integers: a sum of small integers is exact in float and in bf16 whatever order NCCL
// adds them in (ring, tree, NVLS), so the check can demand equality instead of a tolerance that
// would also let a wrong chunk through.
//
//   value(i, r)   = (i mod m) + (r mod m)                 element i of rank r's input
//   sum(i)        = n*(i mod m) + C,  C = sum_{r<n} (r mod m)   the all-reduced element i
//
// m is the largest modulus (<= 16 for sums, <= 251 otherwise) whose worst case stays exactly
// representable: every partial sum is an integer <= the final one, so the final one bounds them.
// With very many ranks in bf16 even m = 2 overflows 256; then the pattern is one-hot (rank
// i mod n contributes 1, the others 0) and every sum is exactly 1.
#pragma once

#include <cstdint>

#if defined(__CUDACC__) || defined(__CUDA__)  // nvcc, or clang compiling CUDA
#define GA_HD __host__ __device__
#else
#define GA_HD
#endif

namespace gpuaudit::multigpu {

// Largest integer up to which every integer is exact: float 2^24, bf16 2^8.
inline constexpr double kExactFloat = 16777216.0;
inline constexpr double kExactBf16 = 256.0;

struct Pattern {
  bool one_hot = false;
  std::uint64_t m = 1;  // modulus
  std::uint64_t n = 1;  // ranks
  std::uint64_t c = 0;  // sum over ranks of (r mod m)

  GA_HD float value(std::uint64_t i, std::uint64_t r) const {
    if (one_hot) return (i % n) == r ? 1.0f : 0.0f;
    return static_cast<float>((i % m) + (r % m));
  }
  GA_HD float sum(std::uint64_t i) const {
    if (one_hot) return 1.0f;
    return static_cast<float>(n * (i % m) + c);
  }
};

GA_HD inline std::uint64_t rank_mod_sum(std::uint64_t n, std::uint64_t m) {
  // sum_{r<n} (r mod m): full cycles of 0..m-1, then the remainder.
  const std::uint64_t full = n / m, rest = n % m;
  return full * (m * (m - 1) / 2) + (rest == 0 ? 0 : rest * (rest - 1) / 2);
}

// For a reducing collective (all-reduce, reduce-scatter) over `ranks`, exact up to `exact_limit`.
GA_HD inline Pattern make_sum_pattern(int ranks, double exact_limit) {
  Pattern p;
  p.n = ranks > 0 ? static_cast<std::uint64_t>(ranks) : 1;
  for (std::uint64_t m = 16; m >= 2; --m) {
    const std::uint64_t c = rank_mod_sum(p.n, m);
    const double worst = static_cast<double>(p.n) * static_cast<double>(m - 1) + static_cast<double>(c);
    if (worst <= exact_limit) {
      p.m = m;
      p.c = c;
      return p;
    }
  }
  p.one_hot = true;
  return p;
}

// For a collective that only moves data (all-gather, all-to-all): values need only be exact.
GA_HD inline Pattern make_copy_pattern(int ranks, double exact_limit) {
  Pattern p;
  p.n = ranks > 0 ? static_cast<std::uint64_t>(ranks) : 1;
  p.m = 251;  // prime: (i mod m) + (r mod m) differs between neighbouring ranks and chunks
  while (p.m > 2 && static_cast<double>(2 * (p.m - 1)) > exact_limit) --p.m;
  p.c = rank_mod_sum(p.n, p.m);
  return p;
}

// Expected output element `j` of rank `rank`, for each collective's buffer layout
// (`count` = the NCCL call's count, see collective_shape).
GA_HD inline float expected_allreduce(const Pattern& p, std::uint64_t j) { return p.sum(j); }
GA_HD inline float expected_allgather(const Pattern& p, std::uint64_t j, std::uint64_t count) {
  return p.value(j % count, j / count);  // chunk s holds rank s's input
}
GA_HD inline float expected_reducescatter(const Pattern& p, std::uint64_t j, std::uint64_t count,
                                          std::uint64_t rank) {
  return p.sum(rank * count + j);  // rank r keeps the reduced chunk r
}
GA_HD inline float expected_alltoall(const Pattern& p, std::uint64_t j, std::uint64_t count, std::uint64_t rank) {
  const std::uint64_t from = j / count, k = j % count;
  return p.value(rank * count + k, from);  // what rank `from` sent to `rank`
}

}  // namespace gpuaudit::multigpu
