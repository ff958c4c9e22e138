// score/figures.cpp: each figure against its reference as a ratio that is better above one (a
// latency's is inverted), and a figure in another unit is not compared.
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

TEST(Figures, RatioIsAlwaysBetterAboveOne) {
  ResultDocument doc;
  doc.benchmarks.push_back(figure("gemm/bf16", 400, "TFLOP/s"));
  doc.benchmarks.push_back(figure("sm/launch", 8, "us", false));
  doc.benchmarks.push_back(figure("hbm/copy", 2000, "MB/s"));  // unit mismatch: not compared
  const Baseline b = toy_baseline();
  const auto figs = score_figures(doc, 0, &b, SliceShare{}, Thresholds{});
  ASSERT_EQ(figs.size(), 3u);
  EXPECT_DOUBLE_EQ(*figs[0].ratio, 0.8);
  EXPECT_EQ(figs[0].state, "low");
  EXPECT_DOUBLE_EQ(*figs[1].ratio, 0.5);  // twice the reference latency
  EXPECT_FALSE(figs[2].ratio);
  EXPECT_EQ(figs[2].state, "no-reference");
}
