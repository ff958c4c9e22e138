// baselines/gpu_name_key.cpp: the printings of one GPU's name compare equal; other names do not.
#include "baselines/gpu_name_key.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(GpuNameKey, PrintingsOfOneNameAreOneKey) {
  EXPECT_EQ(gpu_name_key("NVIDIA A100-SXM4-40GB"), gpu_name_key("A100-SXM4-40GB"));  // before and after R470
  EXPECT_EQ(gpu_name_key("  Tesla   T4 "), "tesla t4");
  EXPECT_EQ(gpu_name_key("NVIDIA  GeForce RTX 4090"), "geforce rtx 4090");
  EXPECT_NE(gpu_name_key("NVIDIA A100-SXM4-40GB"), gpu_name_key("NVIDIA A100-SXM4-80GB"));
  EXPECT_EQ(gpu_name_key("nvidia"), "nvidia");  // the word alone is not a prefix
  EXPECT_EQ(gpu_name_key(""), "");
}
