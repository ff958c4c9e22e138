// Decoding the narrow floating-point formats the matrix benchmarks read and write, so host
// references work from the exact values the device saw. Plain bit manipulation: no CUDA headers.
#pragma once

#include <cstdint>

namespace gpuaudit {

float bf16_to_float(std::uint16_t bits);
float fp16_to_float(std::uint16_t bits);
float e4m3_to_float(std::uint8_t bits);  // NaN for S.1111.111, no infinities (OCP FP8 E4M3)
float bits_to_float(std::uint32_t bits);

// Unit roundoff of each format (half an ULP at 1.0): what rounding one result to it can cost.
inline constexpr double kBf16Eps = 1.0 / 256;    // 8 significant bits
inline constexpr double kFp16Eps = 1.0 / 2048;   // 11 significant bits
inline constexpr double kTf32Eps = 1.0 / 2048;   // 11 significant bits
inline constexpr double kFp32Eps = 1.0 / 16777216;

}  // namespace gpuaudit
