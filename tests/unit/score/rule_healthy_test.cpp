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
