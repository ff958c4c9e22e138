// score/run_hook.cpp: the post-run hook it registers scores a fresh document against the installed
// baselines (GPUAUDIT_BASELINES here: the repository's) and stores the assessment in it; where no
// baseline set can be read the run is left unscored with exit 0, not failed. The document is the
// healthy H100 scenario (synthetic).
#include "core/exit_codes.hpp"
#include "run/suite.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

namespace {

// GPUAUDIT_BASELINES set for one test, restored after it.
class BaselinesEnv {
 public:
  explicit BaselinesEnv(const std::string& dir) {
    if (const char* v = std::getenv("GPUAUDIT_BASELINES")) old_ = v;
    ::setenv("GPUAUDIT_BASELINES", dir.c_str(), 1);
  }
  ~BaselinesEnv() {
    if (old_) ::setenv("GPUAUDIT_BASELINES", old_->c_str(), 1);
    else ::unsetenv("GPUAUDIT_BASELINES");
  }
  BaselinesEnv(const BaselinesEnv&) = delete;
  BaselinesEnv& operator=(const BaselinesEnv&) = delete;

 private:
  std::optional<std::string> old_;
};

int run_hooks(ResultDocument& doc) {
  int code = 0;
  for (auto& hook : post_run_hooks()) code = std::max(code, hook(doc));
  return code;
}

}  // namespace

TEST(RunHook, TheRunIsScoredAndTheAssessmentStored) {
  const BaselinesEnv env((std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines").string());
  ASSERT_FALSE(post_run_hooks().empty());
  ResultDocument doc = scenario("h100-sxm-healthy");
  doc.assessment.reset();
  EXPECT_EQ(run_hooks(doc), exit_code::ok);
  ASSERT_TRUE(doc.assessment);
  EXPECT_EQ(ids_of(*doc.assessment), (Ids{{"healthy", 0}}));
  EXPECT_EQ(doc.assessment->baselines_version, repo_baselines().version);
}

TEST(RunHook, AFindingIsTheRunsExitCode) {
  const BaselinesEnv env((std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines").string());
  ResultDocument doc = scenario("h100-power-capped");
  doc.assessment.reset();
  EXPECT_EQ(run_hooks(doc), exit_code::finding);
}

TEST(RunHook, WithoutBaselinesTheRunIsLeftUnscoredNotFailed) {
  const BaselinesEnv env("/nonexistent/gpuaudit-baselines");
  ResultDocument doc = scenario("h100-power-capped");
  doc.assessment.reset();
  EXPECT_EQ(run_hooks(doc), 0);
  EXPECT_FALSE(doc.assessment);
}
