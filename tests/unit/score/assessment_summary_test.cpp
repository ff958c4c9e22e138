// score/assessment_summary: the one screen `score` prints, golden at 80 and 120 columns for real
// documents (an idle 8-GPU nvidia-smi -q, 4 A100s with a pending row remap on one) and a synthetic
// power cap; the idle 8-GPU dump fits 30 lines at 80 columns with its hint said once.
// GPUAUDIT_UPDATE_GOLDEN=1 rewrites the golden files (tests/data/text-golden/score-*.txt).
#include "score/assessment_summary.hpp"

#include "import/import.hpp"
#include "unit/support/golden_text.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;
const fs::path kData = fs::path(GPUAUDIT_TEST_DATA);

Assessment scored(const ResultDocument& doc) {
  Assessment a = score_scenarios::score(doc);
  a.scored_utc = "2026-12-04T00:00:00Z";  // golden files do not change by the clock
  return a;
}

Assessment real_world(const std::string& case_id, const std::string& file) {
  return scored(imports::import_files({(kData / "real-world" / case_id / file).string()}, {}, nullptr));
}

std::string summary(const Assessment& a, std::size_t width) {
  SummaryStyle s;
  s.width = width;
  return assessment_summary(a, s);
}

void expect_golden(const Assessment& a, const std::string& name) {
  for (const std::size_t width : {80u, 120u})
    expect_golden_text(summary(a, width), "score-" + name + "-" + std::to_string(width) + ".txt");
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(AssessmentSummary, Idle8GpuDumpGolden) { expect_golden(real_world("h100-sxm-x8-idle-gen5", "nvidia-smi-q.txt"), "8x-h100-idle"); }

TEST(AssessmentSummary, FourA100sOneWithAPendingRemapGolden) {
  expect_golden(real_world("a100-sxm4-80gb-x4-row-remap-pending-gpu1", "nvidia-smi-q.txt"), "4x-a100-remap");
}

TEST(AssessmentSummary, PowerCapGolden) { expect_golden(scored(score_scenarios::scenario("h100-power-capped")), "h100-power-capped"); }

TEST(AssessmentSummary, Idle8GpuDumpFitsOneScreenWithItsHintOnce) {
  const std::string text = summary(real_world("h100-sxm-x8-idle-gen5", "nvidia-smi-q.txt"), 80);
  EXPECT_LE(count(text, "\n"), 30u) << text;
  EXPECT_EQ(count(text, "gpuaudit run --quick"), 1u) << text;
  EXPECT_EQ(count(text, "inconclusive (GPUs 0-7, high)"), 1u) << text;
}

TEST(AssessmentSummary, NoLineIsWiderThanTheTerminalButAnUnbreakableCommand) {
  for (const std::size_t width : {80u, 120u}) {
    std::istringstream lines(summary(real_world("h100-sxm-x8-idle-gen5", "nvidia-smi-q.txt"), width));
    for (std::string line; std::getline(lines, line);)
      if (line.find('`') == std::string::npos) EXPECT_LE(line.size(), width) << line;
  }
}

TEST(AssessmentSummary, ColourOnlyOnTheFindingIdsAndOnlyWhenAsked) {
  const Assessment a = scored(score_scenarios::scenario("h100-power-capped"));
  SummaryStyle s;
  EXPECT_EQ(assessment_summary(a, s).find('\x1b'), std::string::npos);
  s.colour = true;
  const std::string text = assessment_summary(a, s);
  EXPECT_NE(text.find("  \x1b[31mpower-capped\x1b[0m (GPU 0, high)"), std::string::npos) << text;
  EXPECT_EQ(count(text, "\x1b[31m"), 1u) << text;
}

TEST(AssessmentSummary, AGpuNameCannotCarryATerminalEscape) {
  ResultDocument doc = score_scenarios::scenario("h100-power-capped");
  doc.gpus.front().name += "\x1b]0;owned\x07";
  SummaryStyle s;
  s.colour = true;
  const std::string text = assessment_summary(scored(doc), s);
  EXPECT_EQ(text.find("\x1b]0;"), std::string::npos) << text;
}

TEST(AssessmentSummary, EightPowerCappedGpusAreOneFindingAndEachRowNamesItsLowFigures) {
  const Assessment a = scored(score_scenarios::copies_of("h100-power-capped", 8));
  const std::string text = summary(a, 120);
  EXPECT_EQ(count(text, "power-capped (GPUs 0-7, high)"), 1u) << text;
  EXPECT_EQ(count(text, "you: ask the provider to restore"), 1u) << text;  // the advice once, not eight times
  // sm/fp32's reference is marked uncertain: the row says so beside its low ratio.
  EXPECT_EQ(count(text, "sm/fp32 71% low (uncertain reference)"), 8u) << text;
  EXPECT_LE(count(text, "\n"), 30u) << text;
}

}  // namespace
}  // namespace gpuaudit
