#include "measure/narrow_float.hpp"

#include <cmath>
#include <cstring>
#include <limits>

namespace gpuaudit {

float bits_to_float(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

float bf16_to_float(std::uint16_t bits) { return bits_to_float(static_cast<std::uint32_t>(bits) << 16); }

float fp16_to_float(std::uint16_t bits) {
  const int sign = (bits >> 15) & 1;
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  double v;
  if (exponent == 0) v = std::ldexp(mantissa, -24);  // subnormal: m x 2^-14 / 1024
  else if (exponent == 31) v = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else v = std::ldexp(1024 + mantissa, exponent - 25);
  return static_cast<float>(sign ? -v : v);
}

float e4m3_to_float(std::uint8_t bits) {
  const int sign = (bits >> 7) & 1;
  const int exponent = (bits >> 3) & 0xf;
  const int mantissa = bits & 0x7;
  double v;
  if (exponent == 15 && mantissa == 7) v = std::numeric_limits<double>::quiet_NaN();
  else if (exponent == 0) v = std::ldexp(mantissa, -9);  // subnormal: m/8 x 2^-6
  else v = std::ldexp(8 + mantissa, exponent - 10);
  return static_cast<float>(sign ? -v : v);
}

}  // namespace gpuaudit
