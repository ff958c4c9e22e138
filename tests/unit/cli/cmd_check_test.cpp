// cli/cmd_check: `gpuaudit check` prints one NHC-style line whose word matches its exit code (OK and
// WARN 0, FAIL 1) and writes the document and the Prometheus file it is asked for; bad options exit 2.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace gpuaudit {
namespace {

TEST(CmdCheck, OneLineWhoseWordMatchesTheExitCode) {
  ScratchDir tmp("check");
  const auto r = run_gpuaudit({"check", "--state-only", "-o", tmp.file("doc.json"), "--prometheus", tmp.file("c.prom")});
  ASSERT_EQ(r.out.rfind("gpuaudit check: ", 0), 0u) << r.out << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  const std::string word = r.out.substr(16, r.out.find(' ', 16) - 16);
  if (word == "FAIL")
    EXPECT_EQ(r.exit_code, 1) << r.out;
  else
    EXPECT_TRUE((word == "OK" || word == "WARN") && r.exit_code == 0) << r.out << " exit " << r.exit_code;
  EXPECT_GT(std::filesystem::file_size(tmp.file("doc.json")), 0u);
  EXPECT_GT(std::filesystem::file_size(tmp.file("c.prom")), 0u);
}

TEST(CmdCheck, BadOptionsAndMissingBaselinesExit2) {
  EXPECT_EQ(run_gpuaudit({"check", "--no-such-flag"}).exit_code, 2);
  EXPECT_EQ(run_gpuaudit({"check", "--baselines", "/nonexistent/gpuaudit/baselines"}).exit_code, 2);
  const auto help = run_gpuaudit({"check", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(contains(help.out, "WARN")) << help.out;
}

}  // namespace
}  // namespace gpuaudit
