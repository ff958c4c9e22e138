// cli/cmd_export: `gpuaudit export` over the synthetic fleet of tests/data/report: the stable CSV
// header, one row per figure, the same rows in a file with -o, a cut document refused naming it.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace gpuaudit {
namespace {

TEST(CmdExport, CsvToStdoutAndTheSameRowsWithDashO) {
  const std::string fleet = test_data("report/fleet-synthetic");
  const auto r = run_gpuaudit({"export", fleet});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("schema_version,source,created_utc,host,provider,region,", 0), 0u) << r.out.substr(0, 200);
  EXPECT_GT(std::count(r.out.begin(), r.out.end(), '\n'), 11);  // several figures per document
  ScratchDir tmp("export");
  const auto o = run_gpuaudit({"export", "-o", tmp.file("out.csv"), fleet});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  std::ifstream in(tmp.file("out.csv"));
  std::stringstream s;
  s << in.rdbuf();
  EXPECT_EQ(s.str(), r.out);
}

TEST(CmdExport, ACutDocumentIsNamed) {
  ScratchDir tmp("export-cut");
  std::ofstream(tmp.file("cut.json")) << "{\"schema\": \"gpuaudit.result/1\", \"benchm";
  const auto r = run_gpuaudit({"export", tmp.file("cut.json")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "cut.json")) << r.err;
}

}  // namespace
}  // namespace gpuaudit
