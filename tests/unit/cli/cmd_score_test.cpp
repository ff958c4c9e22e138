// cli/cmd_score: `gpuaudit score` on the scenario documents of tests/data/scenarios: a healthy H100
// exits 0, a MIG slice and a host with CPU steal exit 1 with their finding, a corrupt file exits 2.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

std::string scenario(const std::string& name) { return test_data("scenarios/" + name); }

TEST(CmdScore, HealthyAndFindingsByExitCode) {
  const auto healthy = run_gpuaudit({"score", scenario("h100-sxm-healthy.synthetic.json")});
  EXPECT_EQ(healthy.exit_code, 0) << healthy.out << healthy.err;
  EXPECT_TRUE(contains(healthy.out, "healthy")) << healthy.out;
  const auto mig = run_gpuaudit({"score", scenario("h100-mig-3g40gb.synthetic.json")});
  EXPECT_EQ(mig.exit_code, 1) << mig.out << mig.err;
  EXPECT_TRUE(contains(mig.out, "sliced")) << mig.out;
  EXPECT_EQ(run_gpuaudit({"score", scenario("host-bound-steal.synthetic.json")}).exit_code, 1);
}

TEST(CmdScore, JsonAndACorruptFile) {
  const auto j = run_gpuaudit({"score", "--json", "--price-per-hour", "4", scenario("h100-power-capped.synthetic.json")});
  EXPECT_EQ(j.exit_code, 1) << j.err;
  EXPECT_TRUE(contains(j.out, "power-capped")) << j.out.substr(0, 400);
  const auto bad = run_gpuaudit({"score", test_data("compare/corrupt-synthetic.json")});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "corrupt-synthetic.json")) << bad.err;
}

}  // namespace
}  // namespace gpuaudit
