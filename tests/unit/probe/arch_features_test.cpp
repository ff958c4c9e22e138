// Which benchmark families each compute capability can run (the "not available on this
// architecture" entries of the benchmark list).
#include "probe/arch_features.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(ArchFeatures, TensorCoreGenerations) {
  EXPECT_FALSE(arch_features(6, 0).fp16_mma);  // P100
  EXPECT_TRUE(arch_features(6, 0).native_fp16);
  EXPECT_FALSE(arch_features(5, 2).native_fp16);  // M60
  EXPECT_TRUE(arch_features(7, 0).fp16_mma);   // V100
  EXPECT_FALSE(arch_features(7, 0).int8_mma);
  EXPECT_TRUE(arch_features(7, 5).int8_mma);   // T4
  EXPECT_FALSE(arch_features(7, 5).bf16_mma);
  EXPECT_TRUE(arch_features(8, 0).bf16_mma);   // A100
  EXPECT_FALSE(arch_features(8, 6).fp8_mma);   // A10: Ampere, no FP8
  EXPECT_TRUE(arch_features(8, 9).fp8_mma);    // L4
  EXPECT_TRUE(arch_features(9, 0).wgmma);
  EXPECT_FALSE(arch_features(10, 0).wgmma);    // sm_90a code runs on 9.0 only
  EXPECT_TRUE(arch_features(10, 0).tcgen05);
  EXPECT_FALSE(arch_features(12, 0).tcgen05);  // consumer Blackwell has no tensor memory
  EXPECT_TRUE(arch_features(12, 0).fp8_mma);
}

TEST(ArchFeatures, UnavailableFamiliesSayWhy) {
  const auto t4_bf16 = unavailable_reason("gemm/bf16", 7, 5);
  ASSERT_TRUE(t4_bf16);
  EXPECT_EQ(*t4_bf16,
            "not available on this architecture: gemm/bf16 needs compute capability 8.0 (Ampere) or newer; "
            "this card is 7.5 (Turing)");
  EXPECT_TRUE(unavailable_reason("tensor/mma_bf16", 7, 0));
  EXPECT_TRUE(unavailable_reason("tensor/mma_fp16", 6, 0));
  EXPECT_FALSE(unavailable_reason("tensor/mma_fp16", 7, 0));
  EXPECT_TRUE(unavailable_reason("gemm/tf32", 7, 5));
  EXPECT_FALSE(unavailable_reason("gemm/tf32", 8, 0));
  EXPECT_TRUE(unavailable_reason("gemm/fp8", 8, 6));
  EXPECT_FALSE(unavailable_reason("gemm/fp8", 8, 9));
  EXPECT_FALSE(unavailable_reason("gemm/fp8", 12, 0));
  EXPECT_TRUE(unavailable_reason("gemm/fp8/e5m2", 8, 0));  // a variant needs what its family needs
  EXPECT_TRUE(unavailable_reason("gemm/fp16", 5, 2));
  EXPECT_FALSE(unavailable_reason("gemm/fp16", 6, 1));
}

TEST(ArchFeatures, EverythingElseRunsEverywhere) {
  for (const char* name : {"sm/census", "sm/fp32", "sm/fp64", "sm/int32", "sm/launch", "hbm/copy", "l2/read",
                           "pcie/h2d_pinned", "mem/allocatable", "sm/contention", "nccl/allreduce", "p2p/matrix"}) {
    EXPECT_FALSE(unavailable_reason(name, 5, 2)) << name;
    EXPECT_FALSE(min_compute_capability(name)) << name;
  }
  EXPECT_FALSE(unavailable_reason("gemm/fp80", 5, 2));  // not a variant of gemm/fp8
}

TEST(ArchFeatures, ArchitectureNames) {
  EXPECT_EQ(architecture_name(5, 2), "Maxwell");
  EXPECT_EQ(architecture_name(6, 1), "Pascal");
  EXPECT_EQ(architecture_name(7, 0), "Volta");
  EXPECT_EQ(architecture_name(7, 5), "Turing");
  EXPECT_EQ(architecture_name(8, 6), "Ampere");
  EXPECT_EQ(architecture_name(8, 9), "Ada Lovelace");
  EXPECT_EQ(architecture_name(9, 0), "Hopper");
  EXPECT_EQ(architecture_name(12, 0), "Blackwell");
  EXPECT_EQ(architecture_name(42, 1), "compute capability 42.1");
}
