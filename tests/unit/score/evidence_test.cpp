// score/evidence.cpp: the words evidence lines are made of: a model with its spoken article, a
// percentage, a tolerance.
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

TEST(Evidence, ModelNamesGetTheSpokenArticle) {
  EXPECT_EQ(a_model("H100 SXM5 80GB"), "an H100 SXM5 80GB");
  EXPECT_EQ(a_model("L4"), "an L4");
  EXPECT_EQ(a_model("T4"), "a T4");
  EXPECT_EQ(a_model("Tesla T4"), "a Tesla T4");
  EXPECT_EQ(a_model("A100-SXM4-80GB"), "an A100-SXM4-80GB");
  EXPECT_EQ(fmt_pct(0.4545), "45%");
  EXPECT_EQ(fmt_tolerance(0.15), "+-15%");
}
