#include "measure/wgmma_reference.hpp"

#include "measure/random_bits.hpp"

namespace gpuaudit {

double wgmma_k_sum(std::uint64_t seed) {
  double s = 0;
  for (std::uint64_t k = 0; k < 16; ++k)
    s += static_cast<double>(rnd::dyadic(seed, k)) * static_cast<double>(rnd::dyadic(seed, 16 + k));
  return s;
}

std::uint64_t wgmma_seed_with_nonzero_sum(std::uint64_t seed) {
  while (wgmma_k_sum(seed) == 0) ++seed;
  return seed;
}

double wgmma_expected(std::uint64_t seed, long long iters, int per_round) {
  return static_cast<double>(iters) * per_round * wgmma_k_sum(seed);
}

}  // namespace gpuaudit
