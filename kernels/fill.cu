#include "measure/random_bits.hpp"
#include "kernels/fill.cuh"
#include "kernels/ptx.cuh"

namespace gpuaudit::kernels {

namespace {

constexpr int kThreads = 256;

unsigned grid_for(std::uint64_t n) {
  const std::uint64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(blocks < 8192 ? (blocks ? blocks : 1) : 8192);
}

template <FillKind K>
__global__ void fill_kernel(void* dst, std::uint64_t n, std::uint64_t seed, std::uint64_t first) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads()) {
    const std::uint64_t idx = first + i;
    if constexpr (K == FillKind::unit_float) static_cast<float*>(dst)[i] = rnd::unit_float(seed, idx);
    else if constexpr (K == FillKind::word) static_cast<std::uint32_t*>(dst)[i] = rnd::word(seed, idx);
    else if constexpr (K == FillKind::bf16) static_cast<std::uint16_t*>(dst)[i] = rnd::bf16_bits(seed, idx);
    else if constexpr (K == FillKind::fp16) static_cast<std::uint16_t*>(dst)[i] = rnd::fp16_bits(seed, idx);
    else if constexpr (K == FillKind::e4m3) static_cast<std::uint8_t*>(dst)[i] = rnd::e4m3_bits(seed, idx);
    else static_cast<std::uint32_t*>(dst)[i] = rnd::tf32_bits(seed, idx);
  }
}

__global__ void count_mismatch_kernel(const std::uint32_t* words, std::uint64_t n, std::uint64_t seed,
                                      std::uint64_t first, unsigned long long* mismatches) {
  unsigned bad = 0;
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    bad += words[i] != rnd::word(seed, first + i) ? 1u : 0u;
  bad = warp_sum(bad);
  if ((threadIdx.x & 31) == 0 && bad) atomicAdd(mismatches, static_cast<unsigned long long>(bad));
}

}  // namespace

int fill_element_bytes(FillKind kind) {
  switch (kind) {
    case FillKind::bf16:
    case FillKind::fp16: return 2;
    case FillKind::e4m3: return 1;
    default: return 4;
  }
}

cudaError_t fill_random(void* dst, std::uint64_t n, FillKind kind, std::uint64_t seed, std::uint64_t first,
                        cudaStream_t s) {
  const unsigned g = grid_for(n);
  switch (kind) {
    case FillKind::unit_float: fill_kernel<FillKind::unit_float><<<g, kThreads, 0, s>>>(dst, n, seed, first); break;
    case FillKind::word: fill_kernel<FillKind::word><<<g, kThreads, 0, s>>>(dst, n, seed, first); break;
    case FillKind::bf16: fill_kernel<FillKind::bf16><<<g, kThreads, 0, s>>>(dst, n, seed, first); break;
    case FillKind::fp16: fill_kernel<FillKind::fp16><<<g, kThreads, 0, s>>>(dst, n, seed, first); break;
    case FillKind::e4m3: fill_kernel<FillKind::e4m3><<<g, kThreads, 0, s>>>(dst, n, seed, first); break;
    case FillKind::tf32: fill_kernel<FillKind::tf32><<<g, kThreads, 0, s>>>(dst, n, seed, first); break;
  }
  return cudaGetLastError();
}

cudaError_t count_word_mismatches(const std::uint32_t* words, std::uint64_t n, std::uint64_t seed, std::uint64_t first,
                                  unsigned long long* mismatches, cudaStream_t s) {
  count_mismatch_kernel<<<grid_for(n), kThreads, 0, s>>>(words, n, seed, first, mismatches);
  return cudaGetLastError();
}

}  // namespace gpuaudit::kernels
