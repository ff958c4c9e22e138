// score/rule_moved_data_check.cpp on real posted outputs (tests/data/real-world/): nvbandwidth's
// failed pattern check of a device-to-device copy, which names no GPU, is wrong-results for the
// machine; nvbandwidth's healthy run is not.
#include "unit/support/real_world_case.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::real_world;

TEST(RuleMovedDataCheck, NvbandwidthsFailedPatternCheckIsTheMachinesWrongResults) {
  for (const char* id : {"nvbandwidth-34-a100-sxm4-x8-d2d-read-ce-pattern-check-failed",
                         "nvbandwidth-19-l40s-x8-one-to-all-read-sm-pattern-check-aborted"}) {
    const std::vector<Finding> fs = findings_of_case(id);
    const Finding* f = finding_on(fs, "wrong-results", std::nullopt);
    ASSERT_NE(f, nullptr) << id;
    EXPECT_EQ(f->confidence, "medium") << id;
    EXPECT_TRUE(any_line_has(f->evidence, "checking the pattern")) << id << ": " << f->evidence.front();
    EXPECT_TRUE(any_line_has(f->evidence, "run gpuaudit run on each GPU")) << id;
  }
}

TEST(RuleMovedDataCheck, AHealthyNvbandwidthRunIsNoWrongResult) {
  EXPECT_FALSE(has_finding(findings_of_case("a100-sxm4-nvbandwidth-h2d-25gbps"), "wrong-results"));
}
