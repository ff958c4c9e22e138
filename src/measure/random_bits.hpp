// Counter-based random inputs that host and device compute bit for bit alike: the device fills a
// buffer with value(seed, i), and the host reference recomputes any element it wants to check
// without copying the inputs back. Values are never zero (zeros hide unwritten outputs and run
// faster than real data) and never NaN/Inf.
//
// Header-only and plain C++ so the host library and its tests use it too; nvcc sees the same
// functions as __host__ __device__.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define GA_HD __host__ __device__ __forceinline__
#else
#define GA_HD inline
#endif

namespace gpuaudit::rnd {

// SplitMix64's finaliser: a bijection with good avalanche, so (seed, index) -> bits is uniform.
GA_HD std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

GA_HD std::uint32_t bits32(std::uint64_t seed, std::uint64_t index) {
  return static_cast<std::uint32_t>(mix64(mix64(seed) ^ index) >> 32);
}

// A word that is never zero (for integer checksums and memory patterns).
GA_HD std::uint32_t word(std::uint64_t seed, std::uint64_t index) { return bits32(seed, index) | 1u; }

// A float in [0.5, 1.5) with 23 random mantissa bits; exact on host and device (the product is a
// power-of-two scaling and the sum is representable, so no rounding can differ).
GA_HD float unit_float(std::uint64_t seed, std::uint64_t index) {
  return 0.5f + static_cast<float>(bits32(seed, index) >> 9) * (1.0f / 8388608.0f);
}

// Bit patterns of narrow types for matrix inputs: random sign, magnitude in [0.5, 2), all mantissa
// bits random. Decoders live in measure/narrow_float.hpp.
GA_HD std::uint16_t bf16_bits(std::uint64_t seed, std::uint64_t index) {
  const std::uint32_t b = bits32(seed, index);
  const std::uint32_t sign = (b >> 31) << 15;
  const std::uint32_t exponent = 126u + ((b >> 30) & 1u);  // 2^-1 or 2^0
  const std::uint32_t mantissa = b & 0x7fu;
  return static_cast<std::uint16_t>(sign | (exponent << 7) | mantissa);
}

GA_HD std::uint16_t fp16_bits(std::uint64_t seed, std::uint64_t index) {
  const std::uint32_t b = bits32(seed, index);
  const std::uint32_t sign = (b >> 31) << 15;
  const std::uint32_t exponent = 14u + ((b >> 30) & 1u);  // bias 15
  const std::uint32_t mantissa = b & 0x3ffu;
  return static_cast<std::uint16_t>(sign | (exponent << 10) | mantissa);
}

// FP8 E4M3 (bias 7). Exponents 6 and 7 never reach the NaN encoding S.1111.111.
GA_HD std::uint8_t e4m3_bits(std::uint64_t seed, std::uint64_t index) {
  const std::uint32_t b = bits32(seed, index);
  const std::uint32_t sign = (b >> 31) << 7;
  const std::uint32_t exponent = 6u + ((b >> 30) & 1u);
  const std::uint32_t mantissa = b & 0x7u;
  return static_cast<std::uint8_t>(sign | (exponent << 3) | mantissa);
}

// An FP32 value that TF32 holds exactly (10 mantissa bits), so the tensor cores' rounding of the
// inputs cannot differ from the host reference.
GA_HD std::uint32_t tf32_bits(std::uint64_t seed, std::uint64_t index) {
  const std::uint32_t b = bits32(seed, index);
  const std::uint32_t sign = (b >> 31) << 31;
  const std::uint32_t exponent = 126u + ((b >> 30) & 1u);
  const std::uint32_t mantissa = (b & 0x3ffu) << 13;
  return sign | (exponent << 23) | mantissa;
}

// One of +-0.5, +-1: products and sums of these stay exact in FP32 for long accumulations, so the
// tensor-pipe benchmark (which reuses its register operands on purpose) can be checked exactly.
GA_HD float dyadic(std::uint64_t seed, std::uint64_t index) {
  const std::uint32_t b = bits32(seed, index);
  const float magnitude = (b & 1u) ? 1.0f : 0.5f;
  return (b & 2u) ? -magnitude : magnitude;
}

}  // namespace gpuaudit::rnd
