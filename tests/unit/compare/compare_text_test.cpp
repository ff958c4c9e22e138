// compare/compare_text: the comparison as a person reads it, on the compare fixtures of
// tests/data/compare (synthetic): base and new named, hardware and software differences, one row per
// figure with its verdict, the counts and the result line.
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"
#include "unit/support/compare_files.hpp"
#include "unit/support/golden_text.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

namespace {

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(CompareText, ARegressionIsNamedAndCounted) {
  const auto c = compare_files("golden-synthetic.json", "hbm-drop-20pct-synthetic.json");
  const std::string t = compare_text(c);
  EXPECT_EQ(t.rfind("base: ", 0), 0u) << t;
  EXPECT_TRUE(has(t, "golden-synthetic.json (2026-01-10T08:00:00Z)\n")) << t;
  EXPECT_TRUE(has(t, "new:  hbm-drop-20pct-synthetic.json (")) << t;
  EXPECT_TRUE(has(t, "software changed:\n")) << t;
  EXPECT_TRUE(has(t, "\n  driver")) << t;
  EXPECT_TRUE(has(t, "figure ")) << t;
  EXPECT_TRUE(has(t, "hbm/copy")) << t;
  EXPECT_TRUE(has(t, "REGRESSED")) << t;
  EXPECT_TRUE(has(t, "\n1 regressed, ")) << t;
  EXPECT_EQ(t.substr(t.size() - std::string("result: REGRESSION\n").size()), "result: REGRESSION\n") << t;
  EXPECT_EQ(outcome_counts(c).rfind("1 regressed", 0), 0u) << outcome_counts(c);
}

TEST(CompareText, NoRegressionAndTheSameHardware) {
  const auto c = compare_files("golden-synthetic.json", "all-faster-synthetic.json");
  const std::string t = compare_text(c);
  EXPECT_TRUE(has(t, " in both\n")) << t;  // "hardware: <model> in both"
  EXPECT_TRUE(has(t, "improved")) << t;
  EXPECT_TRUE(has(t, "result: no regression\n")) << t;
  EXPECT_FALSE(has(outcome_counts(c), "regressed")) << outcome_counts(c);  // a zero count is left out
}

TEST(CompareText, AllowedDifferentHardwareIsListed) {
  CompareOptions opt;
  opt.allow_different_hardware = true;
  const std::string t = compare_text(compare_files("golden-synthetic.json", "a100-synthetic.json", opt));
  EXPECT_TRUE(has(t, "hardware DIFFERS (--allow-different-hardware):\n  GPU model: ")) << t;
}

// A healthy H100 against the same card power-capped (synthetic scenarios) as `compare` prints it at
// 80 and 120 columns (GPUAUDIT_UPDATE_GOLDEN=1 rewrites tests/data/text-golden/compare-power-cap-*.txt).
TEST(CompareText, GoldenAt80And120Columns) {
  const std::string scen = std::string(GPUAUDIT_TEST_DATA) + "/scenarios/";
  const Comparison c = compare_runs(load_base(scen + "h100-sxm-healthy.synthetic.json"),
                                    read_result(scen + "h100-power-capped.synthetic.json"), "h100-power-capped.synthetic.json", {});
  Comparison named = c;
  named.base_names = {"h100-sxm-healthy.synthetic.json"};  // not the checkout's path
  for (const std::size_t width : {80u, 120u}) {
    expect_golden_text(compare_text(named, width), "compare-power-cap-" + std::to_string(width) + ".txt");
  }
}
