// score/rule_nvlink_errors.cpp on real posted kernel logs (tests/data/real-world/): Xid 74 ("NVLink:
// fatal error detected on link 8") is nvlink-degraded on the GPU it names, with the Xid as
// evidence; a kernel log whose Xids are not NVLink's (62, 45) and an idle box give none.
#include "unit/support/real_world_case.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::real_world;

TEST(RuleNvlinkErrors, XidSeventyFourIsADegradedLink) {
  const std::vector<Finding> fs = findings_of_case("a100-sxm4-x8-xid74-nvlink-fatal-vllm");
  const Finding* f = finding_on(fs, "nvlink-degraded", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(any_line_has(f->evidence, "Xid 74")) << f->evidence.front();
}

TEST(RuleNvlinkErrors, OtherXidsAndAnIdleBoxAreNoNvlinkFinding) {
  EXPECT_FALSE(has_finding(findings_of_case("a100-sxm4-x8-xid62-talos-vllm"), "nvlink-degraded"));
  EXPECT_FALSE(has_finding(findings_of_case("h100-sxm-x8-idle-gen5"), "nvlink-degraded"));
}
