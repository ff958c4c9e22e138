// report/baselines_text: `gpuaudit baselines list|show|check` as text on the repository's own set:
// one line per model, a model with every figure and its source, the check's verdict line.
#include "baselines/baseline_set.hpp"
#include "report/baselines_text.hpp"
#include "unit/support/golden_text.hpp"
#include "unit/support/repo_baselines.hpp"
#include "text/text_table.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace gpuaudit {
namespace {

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

size_t lines(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

TEST(BaselinesText, ListHasOneLinePerModelAndAFooter) {
  const BaselineSet& set = repo_baselines();
  const std::string t = baselines_list_text(set, 200);
  EXPECT_EQ(lines(t), set.models.size() + 2);  // header, models, footer
  EXPECT_EQ(t.rfind("ID ", 0), 0u) << t.substr(0, 200);
  EXPECT_TRUE(has(t, "h200-sxm-141gb")) << t;
  EXPECT_TRUE(has(t, "H200 SXM 141GB")) << t;
  EXPECT_TRUE(has(t, std::to_string(set.models.size()) + " models, baseline set " + set.version)) << t;
}

TEST(BaselinesText, ShowH200WithItsFiguresAndSources) {
  const Baseline* b = repo_baselines().find("h200-sxm-141gb");
  ASSERT_NE(b, nullptr);
  const std::string t = baseline_show_text(*b, 100);
  EXPECT_EQ(t.rfind("H200 SXM 141GB  [h200-sxm-141gb]\n", 0), 0u) << t;
  EXPECT_TRUE(has(t, "10de:2335")) << t;
  EXPECT_TRUE(has(t, "4800 GB/s")) << t;
  EXPECT_TRUE(has(t, "989 TFLOP/s dense")) << t;
  EXPECT_TRUE(has(t, "Expected on a healthy card\n")) << t;
  EXPECT_TRUE(has(t, "source: ")) << t;
  EXPECT_TRUE(has(t, "MIG profiles")) << t;
}

// The video engines of NVIDIA's tables, each source once; H100's missing NVENC said as design.
TEST(BaselinesText, ShowH100WithItsVideoEngines) {
  const std::string t = baseline_show_text(*repo_baselines().find("h100-sxm5-80gb"), 100);
  EXPECT_TRUE(has(t, "Video engines (NVIDIA's tables; an engine not listed: no NVIDIA count)\n")) << t;
  EXPECT_TRUE(has(t, "  NVENC           0  (none by design)\n")) << t;
  EXPECT_TRUE(has(t, "  NVDEC           7\n")) << t;
  EXPECT_TRUE(has(t, "  OFA             1\n")) << t;
  EXPECT_TRUE(has(t, "video-encode-and-decode-gpu-support-matrix-new")) << t;
  EXPECT_FALSE(has(baseline_show_text(*repo_baselines().find("h800-sxm5-80gb"), 100), "Video engines")) << "no NVIDIA count: no section";
}

// The widest line of `text`, in terminal columns, leaving out a line that is one word (a source's
// repository path can be longer than a line, and is never broken).
std::size_t widest(const std::string& text) {
  std::istringstream in(text);
  std::size_t most = 0;
  for (std::string line; std::getline(in, line);) {
    const bool one_word = line.find(' ', line.find_first_not_of(' ')) == std::string::npos;
    if (!one_word) most = std::max(most, display_width(line));
  }
  return most;
}

// Every model of the set, listed and shown, fits 80 columns: a long model name is cut (the id
// beside it names it whole), sources and notes wrap under their figure (a word longer than a line
// stands alone on its line).
TEST(BaselinesText, EveryModelFitsEightyColumns) {
  const BaselineSet& set = repo_baselines();
  EXPECT_LE(widest(baselines_list_text(set, 80)), 80u) << baselines_list_text(set, 80);
  EXPECT_TRUE(has(baselines_list_text(set, 80), "...")) << "no long name was cut at 80 columns";
  EXPECT_FALSE(has(baselines_list_text(set, 160), "...")) << "a name cut at 160 columns";
  for (const Baseline& b : set.models) EXPECT_LE(widest(baseline_show_text(b, 80)), 80u) << baseline_show_text(b, 80);
}

// A few models (the shortest and the longest names) listed, and the H100 shown, as a terminal of
// 80 and 120 columns shows them (GPUAUDIT_UPDATE_GOLDEN=1 rewrites tests/data/text-golden/baselines-*.txt).
TEST(BaselinesText, GoldenAt80And120Columns) {
  BaselineSet few;
  few.version = repo_baselines().version;
  few.dir = "baselines";  // not the checkout's path
  for (const char* id : {"a100-sxm4-80gb", "h100-sxm5-80gb", "rtx-pro-6000-blackwell-max-q", "titan-xp"})
    if (const Baseline* b = repo_baselines().find(id)) few.models.push_back(*b);
  ASSERT_EQ(few.models.size(), 4u);
  const Baseline& h100 = *repo_baselines().find("h100-sxm5-80gb");
  for (const std::size_t width : {80u, 120u}) {
    expect_golden_text(baselines_list_text(few, width), "baselines-list-" + std::to_string(width) + ".txt");
    expect_golden_text(baseline_show_text(h100, width), "baselines-show-h100-" + std::to_string(width) + ".txt");
  }
}

TEST(BaselinesText, CheckSaysSoundOrCountsTheProblems) {
  const BaselineSet& set = repo_baselines();
  EXPECT_EQ(baselines_check_text(set, {}),
            "baseline set " + set.version + ": " + std::to_string(set.models.size()) + " models, no problems\n");
  const std::string bad = baselines_check_text(set, {"a100-sxm4-80gb: fp32_tflops has no source", "x: y"});
  EXPECT_EQ(bad.rfind("a100-sxm4-80gb: fp32_tflops has no source\nx: y\n", 0), 0u) << bad;
  EXPECT_TRUE(has(bad, ": 2 problem(s) in ")) << bad;
}

}  // namespace
}  // namespace gpuaudit
