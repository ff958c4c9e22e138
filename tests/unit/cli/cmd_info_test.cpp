// cli/cmd_info: `gpuaudit info` always prints the host part; exit 3 with one "No usable GPU" line
// when no GPU can be used (0 when one can); --json exits the same; a bad flag exits 2.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(CmdInfo, HostPartAndTheGpuVerdictAgreeWithTheExitCode) {
  const auto r = run_gpuaudit({"info", "--steal-window", "0"});
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 3) << r.exit_code << r.err;
  EXPECT_EQ(r.out.rfind("Host\n", 0), 0u) << r.out;
  EXPECT_TRUE(contains(r.out, "  CPU ")) << r.out;
  EXPECT_EQ(contains(r.out, "\nNo usable GPU: "), r.exit_code == 3) << r.out;
  const auto j = run_gpuaudit({"info", "--json", "--steal-window", "0"});
  EXPECT_EQ(j.exit_code, r.exit_code);
  EXPECT_TRUE(contains(j.out, "gpuaudit.result/1")) << j.out.substr(0, 200);
}

TEST(CmdInfo, UnknownFlagExits2) { EXPECT_EQ(run_gpuaudit({"info", "--no-such-flag"}).exit_code, 2); }

}  // namespace
}  // namespace gpuaudit
