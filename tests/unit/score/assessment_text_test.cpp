// score/assessment_text.cpp: the assessment as text: headline, findings with their confidence, the
// ratio table and how the baseline was matched.
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

TEST(Assessment, TextHasHeadlineFindingsAndRatioTable) {
  const std::string text = assessment_text(score(scenario("h100-power-capped")));
  EXPECT_NE(text.find("NVIDIA H100 80GB HBM3 \u2014 power-capped"), std::string::npos);
  EXPECT_NE(text.find("findings:\n  power-capped (GPU 0), confidence high:"), std::string::npos) << text;
  EXPECT_NE(text.find("gemm/bf16"), std::string::npos);
  EXPECT_NE(text.find("matched by pci-id"), std::string::npos) << text;
}
