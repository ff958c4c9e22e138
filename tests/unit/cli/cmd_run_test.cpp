// cli/cmd_run: `gpuaudit run --list` names what --only can select, suite by suite; a run refused
// before measuring (a bad currency, --quick with --full, an --only name that is none) exits 2 with
// one line and writes no document.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit {
namespace {

TEST(CmdRun, ListNamesTheMeasurementsBySuite) {
  const auto r = run_gpuaudit({"run", "--list"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "host/steal")) << r.out;
  EXPECT_EQ(r.out.rfind("host:\n", 0), 0u) << r.out;  // the host suite first; GPU suites only in a CUDA build
}

TEST(CmdRun, RefusedBeforeMeasuringWritesNothing) {
  ScratchDir tmp("run");
  const std::string out = tmp.file("x.json");
  const auto currency = run_gpuaudit({"run", "--only", "host/steal", "--currency", "euro", "-o", out});
  EXPECT_EQ(currency.exit_code, 2);
  EXPECT_TRUE(contains(currency.err, "not a three-letter currency code")) << currency.err;
  const auto both = run_gpuaudit({"run", "--quick", "--full", "-o", out});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_TRUE(contains(both.err, "--quick and --full exclude each other")) << both.err;
  EXPECT_EQ(run_gpuaudit({"run", "--only", "no-such-measurement", "-o", out}).exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace gpuaudit
