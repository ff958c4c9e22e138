// score/installed_score.cpp: a fresh document scored against the installed baselines
// (GPUAUDIT_BASELINES here: the repository's), its exit code and its one screen; without a baseline
// set it throws Error for the caller to leave the document unscored. Synthetic scenario documents.
#include "score/installed_score.hpp"

#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "unit/support/score_scenarios.hpp"

#include "unit/support/scoped_env.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace gpuaudit {
namespace {

using test_support::ScopedEnv;

TEST(InstalledScore, ScoresStoresAndGivesTheScreen) {
  const ScopedEnv env("GPUAUDIT_BASELINES", (std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines").string());
  ResultDocument doc = score_scenarios::scenario("h100-power-capped");
  doc.assessment.reset();
  const InstalledScore s = score_with_installed_baselines(doc, -1);
  EXPECT_EQ(s.exit_code, exit_code::finding);
  ASSERT_TRUE(doc.assessment);
  EXPECT_NE(s.screen.find("power-capped"), std::string::npos) << s.screen;
  EXPECT_NE(s.screen.find("`gpuaudit score -v` on the document"), std::string::npos) << s.screen;
}

TEST(InstalledScore, WithoutBaselinesItThrows) {
  const ScopedEnv env("GPUAUDIT_BASELINES", "/nonexistent/gpuaudit-baselines");
  ResultDocument doc = score_scenarios::scenario("h100-power-capped");
  doc.assessment.reset();
  EXPECT_THROW(score_with_installed_baselines(doc, -1), Error);
  EXPECT_FALSE(doc.assessment);
}

}  // namespace
}  // namespace gpuaudit
