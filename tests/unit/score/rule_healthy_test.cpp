// score/rule_healthy.cpp: a GPU whose figures all pass is healthy, said with what was seen (a
// passthrough VM's card is a whole card).
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/stats.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/evidence.hpp"
#include "score/figures.hpp"
#include "score/slice.hpp"
#include "score/thresholds.hpp"
#include "text/format.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/real_world_case.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

TEST(Traps, PassthroughIsAWholeCard) {
  const Assessment a = score(scenario("h100-passthrough-healthy"));
  const Finding* f = find(a, "healthy");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(evidence_has(*f, "passthrough"));
}

TEST(RuleHealthy, EveryKeyFigureWithinToleranceIsHealthyWithEvidence) {
  const Assessment a = score(scenario("h100-sxm-healthy"));
  const Finding* f = find(a, "healthy");
  ASSERT_NE(f, nullptr) << a.headline;
  EXPECT_EQ(f->gpu, 0);
  EXPECT_FALSE(f->evidence.empty());
}

TEST(RuleHealthy, AGpuWithAFindingIsNotAlsoHealthy) {
  const Assessment a = score(scenario("h100-power-capped"));
  ASSERT_NE(find(a, "power-capped"), nullptr) << a.headline;
  EXPECT_EQ(find(a, "healthy"), nullptr) << a.headline;
}

// A real idle 8x H100 SXM box seen only through nvidia-smi -q (tests/data/real-world/): no figure
// was measured, so no GPU is called healthy from state alone.
TEST(RuleHealthy, StateWithoutFiguresIsNotCalledHealthyPerGpu) {
  for (const auto& f : real_world::findings_of_case("h100-sxm-x8-idle-gen5"))
    EXPECT_FALSE(f.id == "healthy" && f.gpu) << "GPU " << *f.gpu;
}
