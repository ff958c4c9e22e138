// bf16, fp16 and e4m3 bit patterns read as float (narrow_float.hpp), the way the benchmarks' output
// checks read what a kernel wrote.
#include "measure/narrow_float.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpuaudit;

TEST(NarrowFloat, DecodesKnownBitPatterns) {
  EXPECT_EQ(bf16_to_float(0x3f80), 1.0f);
  EXPECT_EQ(bf16_to_float(0xc040), -3.0f);
  EXPECT_EQ(fp16_to_float(0x3c00), 1.0f);
  EXPECT_EQ(fp16_to_float(0xc000), -2.0f);
  EXPECT_EQ(fp16_to_float(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_TRUE(std::isinf(fp16_to_float(0x7c00)));
  EXPECT_EQ(e4m3_to_float(0x38), 1.0f);   // 0.0111.000
  EXPECT_EQ(e4m3_to_float(0x7e), 448.0f); // largest finite
  EXPECT_EQ(e4m3_to_float(0xb8), -1.0f);
  EXPECT_EQ(e4m3_to_float(0x01), std::ldexp(1.0f, -9));
  EXPECT_TRUE(std::isnan(e4m3_to_float(0x7f)));
}
