// text/format: byte sizes in binary units, fixed decimals, "?" for a value not known, and a quoted
// message clipped at a UTF-8 character boundary.
//
// text/format.cpp: clipped cuts a long text at a character boundary, never inside a UTF-8 sequence.
#include "text/format.hpp"
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
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>

namespace gpuaudit {
namespace {

TEST(Format, BytesInTheLargestBinaryUnit) {
  EXPECT_EQ(fmt_bytes(0), "0 B");
  EXPECT_EQ(fmt_bytes(1023), "1023 B");
  EXPECT_EQ(fmt_bytes(1024), "1 KiB");
  EXPECT_EQ(fmt_bytes(50ull * 1024 * 1024), "50 MiB");
  EXPECT_EQ(fmt_bytes(81559ull * 1024 * 1024), "79.6 GiB");  // an H100's 80 GB as NVML reports it
}

TEST(Format, FixedDecimals) {
  EXPECT_EQ(fmt_num(3.14159), "3.1");
  EXPECT_EQ(fmt_num(3.14159, 3), "3.142");
  EXPECT_EQ(fmt_num(2.5, 0), "2");  // printf rounds half to even
  EXPECT_EQ(fmt_num(-0.04, 1), "-0.0");
}

TEST(Format, OptionalValuesShowAQuestionMarkWhenUnknown) {
  EXPECT_EQ(fmt_opt(std::optional<int>(16), "x"), "16x");
  EXPECT_EQ(fmt_opt(std::optional<int>()), "?");
  EXPECT_EQ(fmt_opt(std::optional<double>(700.4), " W"), "700 W");
  EXPECT_EQ(fmt_opt(std::optional<double>(1.25), " GHz", 2), "1.25 GHz");
  EXPECT_EQ(fmt_opt(std::optional<double>(), " W"), "?");
}

TEST(Format, ClippedNeverCutsInsideACharacter) {
  EXPECT_EQ(clipped("short", 10), "short");
  EXPECT_EQ(clipped("0123456789", 4), "0123...");
  // "東京" is two 3-byte characters: a cut at 4 bytes falls back to the end of the first.
  EXPECT_EQ(clipped("\xE6\x9D\xB1\xE4\xBA\xAC", 4), "\xE6\x9D\xB1...");
  EXPECT_EQ(clipped("\xE6\x9D\xB1\xE4\xBA\xAC", 3), "\xE6\x9D\xB1...");
}

TEST(GpuRanges, JoinsRunsAndSortsAndDropsRepeats) {
  EXPECT_EQ(gpu_ranges({0, 1, 2, 3, 4, 5, 6, 7}), "0-7");
  EXPECT_EQ(gpu_ranges({5, 0, 2}), "0, 2, 5");
  EXPECT_EQ(gpu_ranges({6, 0, 1, 2, 3, 3}), "0-3, 6");
  EXPECT_EQ(gpu_ranges({0, 1}), "0, 1");
  EXPECT_EQ(gpu_ranges({}), "");
}

}  // namespace
}  // namespace gpuaudit

namespace from_scoring_tests {

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

TEST(Format, ClippedCutsAtACharacterBoundary) {
  EXPECT_EQ(clipped("short", 10), "short");
  EXPECT_EQ(clipped("abcdef", 3), "abc...");
  EXPECT_EQ(clipped("a\u00e9b", 2), "a...");  // not half of the two-byte e-acute
}

}  // namespace from_scoring_tests
