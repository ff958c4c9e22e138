// cli/cmd_compare: `gpuaudit compare` on the synthetic fixtures of tests/data/compare: exit 1 on a
// regression, 0 within a looser tolerance or noise, 2 on different hardware or a bad option.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

std::string doc(const std::string& name) { return test_data("compare/" + name); }

TEST(CmdCompare, RegressionExit1AndToleranceDecides) {
  const auto drop = run_gpuaudit({"compare", doc("golden-synthetic.json"), doc("hbm-drop-20pct-synthetic.json")});
  EXPECT_EQ(drop.exit_code, 1) << drop.err;
  EXPECT_TRUE(contains(drop.out, "result: REGRESSION")) << drop.out;
  const auto loose = run_gpuaudit({"compare", doc("golden-synthetic.json"), doc("hbm-drop-20pct-synthetic.json"),
                                   "--max-regression", "hbm=25%"});
  EXPECT_EQ(loose.exit_code, 0) << loose.out << loose.err;
  const auto json = run_gpuaudit({"compare", doc("gemm-base-noisy-synthetic.json"), doc("gemm-drop-1pct-synthetic.json"), "--json"});
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_TRUE(contains(json.out, "\"schema\": \"gpuaudit.compare/1\"") || contains(json.out, "\"schema\":\"gpuaudit.compare/1\""))
      << json.out.substr(0, 300);
}

TEST(CmdCompare, DifferentHardwareAndBadOptionsExit2) {
  const auto hw = run_gpuaudit({"compare", doc("golden-synthetic.json"), doc("a100-synthetic.json")});
  EXPECT_EQ(hw.exit_code, 2);
  EXPECT_TRUE(contains(hw.err, "--allow-different-hardware")) << hw.err;
  const auto alpha = run_gpuaudit({"compare", doc("golden-synthetic.json"), doc("golden-synthetic.json"), "--alpha", "-1"});
  EXPECT_EQ(alpha.exit_code, 2);
  EXPECT_TRUE(contains(alpha.err, "must be between 0.000001 and 0.5, not -1")) << alpha.err;
}

}  // namespace
}  // namespace gpuaudit
