// Unit tests of the dcgmi diag -j parser (src/import/formats/parse_dcgmi_diag_json.cpp) on the fixtures of
// tests/data/imports/dcgmi-diag-json/: a report's tests become dcgm/<test> rows; a cut one is said.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::fixture_dir;
using import_test::parse_as;
using import_test::read_bytes;

const BenchmarkResult* row(const ImportPart& p, const std::string& name) {
  for (const auto& b : p.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(ImportDcgmiDiagJson, TheT400ReportSkipsEveryTestOfGpu0) {
  // Synthetic completion of a real post (DCGM issue 139): every visible test Skip for GPU 0.
  const std::string raw = read_bytes(fixture_dir("dcgmi-diag-json") / "bench-3.x-t400-skips-completed-synthetic.json");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "dcgmi-diag-json");
  const ImportPart p = parse_as("dcgmi-diag-json", raw, "diag.json");
  for (const char* name : {"dcgm/pcie", "dcgm/gpu_memory", "dcgm/diagnostic", "dcgm/eud_test", "dcgm/targeted_stress"}) {
    const BenchmarkResult* r = row(p, name);
    ASSERT_NE(r, nullptr) << name;
    EXPECT_EQ(r->status, "skipped") << name;
    EXPECT_EQ(r->extra.at("gpus").at("0"), "Skip") << name;
  }
  EXPECT_EQ(row(p, "dcgm/targeted_stress")->params.at("category"), "Stress");
  EXPECT_EQ(row(p, "dcgm/pcie")->params.at("category"), "Integration");
  EXPECT_TRUE(p.imported.contains("dcgmi-diag"));
}

TEST(ImportDcgmiDiagJson, TheRealCutPostIsNamedNotCrashed) {
  // The real post as stored: an elided category ({"..."}) and cut inside the Stress category.
  const std::string raw = read_bytes(fixture_dir("dcgmi-diag-json") / "t400-r3-skips-elided-cut.json");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = parse_as("dcgmi-diag-json", raw, "cut.json");
  EXPECT_TRUE(p.benchmarks.empty());
  ASSERT_FALSE(p.skipped.empty());
  EXPECT_NE(p.skipped.front().find("not valid JSON"), std::string::npos) << p.skipped.front();
  for (std::size_t n = 0; n < raw.size(); n += 97) (void)parse_as("dcgmi-diag-json", raw.substr(0, n));
}

TEST(ImportDcgmiDiagJson, OtherJsonIsNotADiagnostic) {
  const ImportPart p = parse_as("dcgmi-diag-json", R"({"nvbandwidth": {"testcases": []}})");
  EXPECT_TRUE(p.benchmarks.empty());
  ASSERT_FALSE(p.skipped.empty());
  EXPECT_NE(p.skipped.front().find("test_categories"), std::string::npos) << p.skipped.front();
  EXPECT_NE(detected(R"({"a": 1})"), "dcgmi-diag-json");
}

}  // namespace
}  // namespace gpuaudit::imports
