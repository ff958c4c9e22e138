// score/rule_memory.cpp: a row remap pending on one GPU of a real 4x A100 nvidia-smi -q
// (tests/data/real-world/) is memory-degraded on that GPU alone; the bandwidth scenario (synthetic)
// is memory-degraded too; a healthy scenario and a real idle healthy box are not.
#include "unit/support/real_world_case.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(RuleMemory, APendingRowRemapIsMemoryDegradedOnThatGpu) {
  const std::vector<Finding> fs = real_world::findings_of_case("a100-sxm4-80gb-x4-row-remap-pending-gpu1");
  const Finding* f = real_world::finding_on(fs, "memory-degraded", 1);
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->evidence.empty());
  EXPECT_EQ(real_world::finding_on(fs, "memory-degraded", 0), nullptr);
}

TEST(RuleMemory, LowBandwidthWithComputeFineIsMemoryDegraded) {
  const Assessment a = score_scenarios::score(score_scenarios::scenario("memory-degraded"));
  const Finding* f = score_scenarios::find(a, "memory-degraded");
  ASSERT_NE(f, nullptr) << a.headline;
  EXPECT_EQ(f->gpu, 0);
}

TEST(RuleMemory, HealthyMemoryIsNoFinding) {
  EXPECT_EQ(score_scenarios::find(score_scenarios::score(score_scenarios::scenario("h100-sxm-healthy")), "memory-degraded"),
            nullptr);
  EXPECT_FALSE(real_world::has_finding(real_world::findings_of_case("h100-sxm-x8-idle-gen5"), "memory-degraded"));
}
