// score/rule_reported_errors.cpp on real posted error messages (tests/data/real-world/): PyTorch's
// "CUDA error: uncorrectable ECC error encountered" pasted alone (no GPU named) is memory-degraded
// for the machine (gpu null); an illegal memory access, the program's own bug, is no finding on
// the card.
#include "unit/support/real_world_case.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::real_world;

TEST(RuleReportedErrors, AnUncorrectableEccErrorNamingNoGpuIsTheMachinesMemory) {
  const std::vector<Finding> fs = findings_of_case("hpc-node-pytorch-uncorrectable-ecc");
  const Finding* f = finding_on(fs, "memory-degraded", std::nullopt);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(any_line_has(f->evidence, "uncorrectable ECC error")) << f->evidence.front();
}

// XMRig re-hashes each GPU result on the CPU; "COMPUTE ERROR" is a wrong answer from the GPU.
TEST(RuleReportedErrors, AGpuResultTheProgramsCheckRejectedIsWrongResults) {
  const std::vector<Finding> fs = findings_of_case("xmrig-cuda-two-gpus-compute-error-rx0");
  const Finding* f = finding_on(fs, "wrong-results", std::nullopt);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(any_line_has(f->evidence, "COMPUTE ERROR")) << f->evidence.front();
  EXPECT_EQ(f->confidence, "medium");
}

TEST(RuleReportedErrors, AProgramsIllegalAddressIsNoFindingOnTheCard) {
  const std::vector<Finding> fs = findings_of_case("pytorch-illegal-memory-access-program-bug");
  EXPECT_FALSE(has_finding(fs, "gpu-fault"));
  EXPECT_FALSE(has_finding(fs, "memory-degraded"));
}
