// cli/cmd_soak: `gpuaudit soak` refuses a zero interval and a bad --gpus with exit 2; without a
// usable GPU it says in one line that soak needs one and exits 3 (on a machine with a GPU that case
// is not checked here: it would start measuring).
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuaudit {
namespace {

TEST(CmdSoak, BadOptionsExit2) {
  EXPECT_EQ(run_gpuaudit({"soak", "--interval", "0"}).exit_code, 2);
  EXPECT_EQ(run_gpuaudit({"soak", "--gpus", "x"}).exit_code, 2);
}

TEST(CmdSoak, WithoutAUsableGpuOneLineAndExit3) {
  const auto info = run_gpuaudit({"info", "--steal-window", "0"});
  if (info.exit_code != 3) GTEST_SKIP() << "a usable GPU is here: soak would measure";
  ScratchDir tmp("soak");
  const auto r = run_gpuaudit({"soak", "--minutes", "1", "-o", tmp.file("soak.json")});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(contains(r.err, "soak needs a GPU")) << r.err;
}

}  // namespace
}  // namespace gpuaudit
