// text/format.cpp: clipped cuts a long text at a character boundary, never inside a UTF-8 sequence.
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

TEST(Format, ClippedCutsAtACharacterBoundary) {
  EXPECT_EQ(clipped("short", 10), "short");
  EXPECT_EQ(clipped("abcdef", 3), "abc...");
  EXPECT_EQ(clipped("a\u00e9b", 2), "a...");  // not half of the two-byte e-acute
}
