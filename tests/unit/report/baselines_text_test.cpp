// report/baselines_text: `gpuaudit baselines list|show|check` as text on the repository's own set:
// one line per model, a model with every figure and its source, the check's verdict line.
#include "baselines/baseline_set.hpp"
#include "report/baselines_text.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

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
  const std::string t = baselines_list_text(set);
  EXPECT_EQ(lines(t), set.models.size() + 2);  // header, models, footer
  EXPECT_EQ(t.rfind("ID ", 0), 0u) << t.substr(0, 200);
  EXPECT_TRUE(has(t, "h200-sxm-141gb")) << t;
  EXPECT_TRUE(has(t, "H200 SXM 141GB")) << t;
  EXPECT_TRUE(has(t, std::to_string(set.models.size()) + " models, baseline set " + set.version)) << t;
}

TEST(BaselinesText, ShowH200WithItsFiguresAndSources) {
  const Baseline* b = repo_baselines().find("h200-sxm-141gb");
  ASSERT_NE(b, nullptr);
  const std::string t = baseline_show_text(*b);
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
  const std::string t = baseline_show_text(*repo_baselines().find("h100-sxm5-80gb"));
  EXPECT_TRUE(has(t, "Video engines (NVIDIA's tables; an engine not listed: no NVIDIA count)\n")) << t;
  EXPECT_TRUE(has(t, "  NVENC           0  (none by design)\n")) << t;
  EXPECT_TRUE(has(t, "  NVDEC           7\n")) << t;
  EXPECT_TRUE(has(t, "  OFA             1\n")) << t;
  EXPECT_TRUE(has(t, "video-encode-and-decode-gpu-support-matrix-new")) << t;
  EXPECT_FALSE(has(baseline_show_text(*repo_baselines().find("b200-180gb")), "Video engines")) << "no NVIDIA count: no section";
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
