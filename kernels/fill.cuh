// Filling buffers with the counter-based random values of measure/random_bits.hpp, and checking a
// word pattern on the device (for mem/allocatable, where copying 100+ GB back is not an option).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gpuaudit::kernels {

enum class FillKind {
  unit_float,  // float in [0.5, 1.5)
  word,        // non-zero uint32
  bf16,        // uint16 patterns, magnitude [0.5, 2)
  fp16,
  e4m3,        // uint8 patterns
  tf32,        // float exactly representable in TF32
};

// Element size in bytes of each kind.
int fill_element_bytes(FillKind kind);

// dst[i] = value(kind, seed, first_index + i) for i in [0, n).
cudaError_t fill_random(void* dst, std::uint64_t n, FillKind kind, std::uint64_t seed, std::uint64_t first_index,
                        cudaStream_t stream);

// Adds to *mismatches the number of i in [0, n) with words[i] != rnd::word(seed, first_index + i).
cudaError_t count_word_mismatches(const std::uint32_t* words, std::uint64_t n, std::uint64_t seed,
                                  std::uint64_t first_index, unsigned long long* mismatches, cudaStream_t stream);

}  // namespace gpuaudit::kernels
