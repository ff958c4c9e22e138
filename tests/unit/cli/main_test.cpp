// cli/main: the command table and its errors: a typo gets the nearest command, an unknown option
// one line with the nearest option the command has (before any other error), bare gpuaudit and help
// list the commands, help CMD a command's options, --version prints the version.
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

TEST(Main, AnUnknownOptionIsNamedFirstWithTheNearestTheCommandHas) {
  const auto quick = run_gpuaudit({"run", "--quik"});
  EXPECT_EQ(quick.exit_code, 2);
  EXPECT_TRUE(contains(quick.err, "gpuaudit run: unknown option '--quik'; did you mean '--quick'?")) << quick.err;
  // Not the file after it: CLI11 alone blamed 'a' ("NEW: no such file").
  const auto junit = run_gpuaudit({"compare", "--junt", "x.xml", "a", "b"});
  EXPECT_EQ(junit.exit_code, 2);
  EXPECT_TRUE(contains(junit.err, "unknown option '--junt'; did you mean '--junit'?")) << junit.err;
  EXPECT_FALSE(contains(junit.err, "no such file")) << junit.err;
  const auto nested = run_gpuaudit({"baselines", "check", "--jsn"});
  EXPECT_TRUE(contains(nested.err, "gpuaudit baselines check: unknown option '--jsn'; did you mean '--json'?")) << nested.err;
  EXPECT_EQ(std::count(nested.err.begin(), nested.err.end(), '\n'), 1) << nested.err;
  // --name=value is the option --name; after "--" nothing is an option.
  const auto eq = run_gpuaudit({"compare", "--max-regresion=hbm=3%", "a", "b"});
  EXPECT_TRUE(contains(eq.err, "unknown option '--max-regresion'; did you mean '--max-regression'?")) << eq.err;
}

TEST(Main, BareGpuauditPrintsTheHelpWithTheUsageCode) {
  const auto bare = run_gpuaudit({});
  EXPECT_EQ(bare.exit_code, 2);
  EXPECT_TRUE(contains(bare.out, "score")) << bare.out;
  EXPECT_TRUE(contains(bare.out, "Usage:")) << bare.out;
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
