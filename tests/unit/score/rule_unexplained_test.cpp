// score/rule_unexplained.cpp: dense tensor compute below tolerance with vector compute fine and no
// power, heat or clock cause is not called healthy: a low-confidence finding says what it most
// likely is. The document is the healthy H100 scenario (synthetic) with its GEMM and tensor figures
// halved here; the scenario as it is stays healthy.
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

TEST(RuleUnexplained, LowTensorComputeWithNoCauseIsALowConfidenceFinding) {
  ResultDocument doc = scenario("h100-sxm-healthy");
  for (const auto& b : std::vector<BenchmarkResult>(doc.benchmarks))
    if (b.name.rfind("gemm/", 0) == 0 || b.name.rfind("tensor/", 0) == 0) scale(doc, b.name, 0, 0.5);
  const Assessment a = score(doc);
  EXPECT_EQ(find(a, "healthy"), nullptr) << a.headline;
  const Finding* f = find(a, "software");
  ASSERT_NE(f, nullptr) << describe(ids_of(a)) << " " << a.headline;
  EXPECT_EQ(f->confidence, "low");
  EXPECT_EQ(f->gpu, 0);
}

TEST(RuleUnexplained, FiguresWithinToleranceLeaveNothingToExplain) {
  EXPECT_EQ(ids_of(score(scenario("h100-sxm-healthy"))), (Ids{{"healthy", 0}}));
}
