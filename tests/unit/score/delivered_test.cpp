// score/delivered.cpp: the cost per effective dense-BF16 PFLOP-hour and per TB/s-hour of a priced
// document, beside a full healthy card's; no price, no cost.
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

TEST(Cost, PerEffectivePflopHourAndPerTbps) {
  const Assessment a = score(scenario("h100-mig-3g40gb"));  // $2.10/h
  ASSERT_TRUE(a.extra.contains("cost"));
  const json& c = a.extra["cost"];
  EXPECT_EQ(c["currency"], "USD");
  EXPECT_NEAR(c["effective_bf16_pflops"].get<double>(), 0.3519, 1e-12);
  EXPECT_NEAR(c["cost_per_pflop_hour"].get<double>(), 2.10 / 0.3519, 1e-9);
  EXPECT_NEAR(c["full_card_cost_per_pflop_hour"].get<double>(), 2.10 / 0.790, 1e-9);
  EXPECT_NEAR(c["cost_per_tbps_hour"].get<double>(), 2.10 / 1.4065, 1e-9);
  EXPECT_NEAR(c["full_card_cost_per_tbps_hour"].get<double>(), 2.10 / 2.9, 1e-9);
  const std::string text = assessment_text(a);
  EXPECT_NE(text.find("$5.97 per effective dense-BF16 PFLOP-hour"), std::string::npos) << text;
  EXPECT_NE(text.find("a full healthy card: $2.66"), std::string::npos) << text;
}

TEST(Cost, NoPriceNoCost) {
  const Assessment a = score(scenario("h200-healthy"));
  EXPECT_FALSE(a.extra.contains("cost"));
}
