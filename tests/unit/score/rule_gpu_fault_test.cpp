// score/rule_gpu_fault.cpp on real posted outputs (tests/data/real-world/): a kernel log with Xid 79
// ("GPU has fallen off the bus") is a gpu-fault on that GPU, with high confidence and the Xid as
// evidence; a program's own Xids (13, 43) and an idle healthy box give none.
#include "unit/support/real_world_case.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::real_world;

TEST(RuleGpuFault, XidSeventyNineIsAGpuFallenOffTheBus) {
  const std::vector<Finding> fs = findings_of_case("k80-board-xid79-two-gpus-fallen-off-bus");
  const Finding* f = finding_on(fs, "gpu-fault", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(any_line_has(f->evidence, "Xid 79")) << f->evidence.front();
}

TEST(RuleGpuFault, AProgramsOwnXidsAndAnIdleBoxAreNoGpuFault) {
  EXPECT_FALSE(has_finding(findings_of_case("v100-nvme-dma-xid13-out-of-range-user-program"), "gpu-fault"));
  EXPECT_FALSE(has_finding(findings_of_case("h100-sxm-x8-idle-gen5"), "gpu-fault"));
}
