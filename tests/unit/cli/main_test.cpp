// cli/main: the command table and its errors: a typo gets the nearest command, an unknown option
// one line, help lists the commands and a command's options, --version prints the version.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuaudit {
namespace {

TEST(Main, TyposAndUnknownOptionsAreOneLineExit2) {
  const auto typo = run_gpuaudit({"infoo"});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_TRUE(contains(typo.err, "no command 'infoo'; did you mean 'info'?")) << typo.err;
  EXPECT_EQ(std::count(typo.err.begin(), typo.err.end(), '\n'), 1) << typo.err;
  const auto bogus = run_gpuaudit({"--bogus"});
  EXPECT_EQ(bogus.exit_code, 2);
  EXPECT_TRUE(contains(bogus.err, "unknown option '--bogus'")) << bogus.err;
  EXPECT_EQ(run_gpuaudit({"help", "nope"}).exit_code, 2);
}

TEST(Main, HelpAndVersion) {
  const auto help = run_gpuaudit({"help"});
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_TRUE(contains(help.out, "score")) << help.out;
  EXPECT_TRUE(contains(help.out, "Exit codes:")) << help.out;
  const auto score = run_gpuaudit({"help", "score"});
  EXPECT_EQ(score.exit_code, 0);
  EXPECT_TRUE(contains(score.out, "--write")) << score.out;
  const auto v = run_gpuaudit({"--version"});
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.out.rfind("gpuaudit ", 0), 0u) << v.out;
}

}  // namespace
}  // namespace gpuaudit
