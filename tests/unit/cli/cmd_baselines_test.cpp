// cli/cmd_baselines: `gpuaudit baselines list|show|check` run on the repository's baselines/.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(CmdBaselines, ListShowAndCheckTheShippedSet) {
  const std::string dir = source_dir("baselines");
  const auto list = run_gpuaudit({"baselines", "list", "--dir", dir});
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_TRUE(contains(list.out, "h100-sxm5-80gb")) << list.out;
  const auto show = run_gpuaudit({"baselines", "show", "h200-sxm-141gb", "--dir", dir});
  EXPECT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(contains(show.out, "4800")) << show.out;
  const auto check = run_gpuaudit({"baselines", "check", "--dir", dir});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_TRUE(contains(check.out, "no problems")) << check.out;
}

TEST(CmdBaselines, AnUnknownModelIsAnInputError) {
  const auto r = run_gpuaudit({"baselines", "show", "no-such-card", "--dir", source_dir("baselines")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "no baseline \"no-such-card\"")) << r.err;
}

}  // namespace
}  // namespace gpuaudit
