// score/run_hook.cpp: the post-run hook it registers scores a fresh document against the installed
// baselines (GPUAUDIT_BASELINES here: the repository's) and stores the assessment in it; where no
// baseline set can be read the run is left unscored with exit 0, not failed. The document is the
// healthy H100 scenario (synthetic).
#include "core/exit_codes.hpp"
#include "run/suite.hpp"
#include "unit/support/score_scenarios.hpp"

#include "unit/support/scoped_env.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

namespace {

using test_support::ScopedEnv;

int run_hooks(ResultDocument& doc) {
  int code = 0;
  for (auto& hook : post_run_hooks()) code = std::max(code, hook(doc));
  return code;
}

}  // namespace

TEST(RunHook, TheRunIsScoredAndTheAssessmentStored) {
  const ScopedEnv env("GPUAUDIT_BASELINES", (std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines").string());
  ASSERT_FALSE(post_run_hooks().empty());
  ResultDocument doc = scenario("h100-sxm-healthy");
  doc.assessment.reset();
  EXPECT_EQ(run_hooks(doc), exit_code::ok);
  ASSERT_TRUE(doc.assessment);
  EXPECT_EQ(ids_of(*doc.assessment), (Ids{{"healthy", 0}}));
  EXPECT_EQ(doc.assessment->baselines_version, repo_baselines().version);
}

TEST(RunHook, AFindingIsTheRunsExitCode) {
  const ScopedEnv env("GPUAUDIT_BASELINES", (std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines").string());
  ResultDocument doc = scenario("h100-power-capped");
  doc.assessment.reset();
  EXPECT_EQ(run_hooks(doc), exit_code::finding);
}

TEST(RunHook, WithoutBaselinesTheRunIsLeftUnscoredNotFailed) {
  const ScopedEnv env("GPUAUDIT_BASELINES", "/nonexistent/gpuaudit-baselines");
  ResultDocument doc = scenario("h100-power-capped");
  doc.assessment.reset();
  EXPECT_EQ(run_hooks(doc), 0);
  EXPECT_FALSE(doc.assessment);
}
