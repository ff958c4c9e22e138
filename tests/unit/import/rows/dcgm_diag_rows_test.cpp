// Unit tests of the rows a dcgmi diag report becomes (src/import/rows/dcgm_diag_rows.cpp), shared by the
// table and -j JSON parsers: result words, test slugs, dcgm/<test> rows and what is kept aside.
#include "import/rows/dcgm_diag_rows.hpp"
#include "import/import.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports::dcgm {
namespace {

const BenchmarkResult* row(const ImportPart& p, const std::string& name) {
  for (const auto& b : p.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(DcgmDiagRows, ResultWordsAndSlugs) {
  EXPECT_EQ(normalize_result("PASS"), "Pass");
  EXPECT_EQ(normalize_result(" failed "), "Fail");
  EXPECT_EQ(normalize_result("Warning"), "Warn");
  EXPECT_EQ(normalize_result("skipped"), "Skip");
  EXPECT_EQ(normalize_result("Not Run"), "Not Run");
  EXPECT_EQ(normalize_result("GPU 0"), "");
  EXPECT_EQ(test_slug("Memory Bandwidth"), "memory_bandwidth");
  EXPECT_EQ(test_slug("Page Retirement/Row Remap"), "page_retirement_row_remap");
  EXPECT_EQ(test_slug("  "), "unnamed");
}

// Synthetic: the shape of a DCGM 3.x report of two GPUs.
Report two_gpu_report() {
  Report r;
  r.dcgm_version = "3.3.1";
  r.driver_version = "535.129.03";
  r.device_ids = {"20b0", "20b0"};
  Test pcie{"Integration", "PCIe", "", {{0, "Pass"}, {1, "Fail"}}, {}, {"GPU 1 PCIe replay count 120 exceeds 80"}, {}, 7};
  Test mem{"Hardware", "Memory Bandwidth", "Pass", {}, {}, {}, {"GPU 0 : 1420.5 GB/s"}, 9};
  Test skipped{"Stress", "Targeted Power", "Skip", {}, {}, {}, {}, 11};
  r.tests = {pcie, mem, skipped};
  return r;
}

TEST(DcgmDiagRows, EachTestIsARowWithItsWorstResult) {
  ImportPart part;
  part.source = {"dcgmi", "", "diag.txt", 0};
  fill_part(two_gpu_report(), part);
  EXPECT_EQ(part.source.version, "3.3.1");
  EXPECT_EQ(part.software.driver_version, "535.129.03");
  const BenchmarkResult* pcie = row(part, "dcgm/pcie");
  ASSERT_NE(pcie, nullptr);
  EXPECT_EQ(pcie->status, "check-failed");
  EXPECT_EQ(pcie->params.at("result"), "Fail");
  EXPECT_NE(pcie->message.find("replay count"), std::string::npos) << pcie->message;
  EXPECT_EQ(pcie->extra.at("gpus").at("1"), "Fail");
  EXPECT_EQ(pcie->extra.at("source").at("line"), 7);
  const BenchmarkResult* mem = row(part, "dcgm/memory_bandwidth");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->status, "ok");
  ASSERT_EQ(mem->extra.at("reported").size(), 1u);
  EXPECT_DOUBLE_EQ(mem->extra.at("reported")[0].at("value").get<double>(), 1420.5);
  EXPECT_EQ(mem->extra.at("reported")[0].at("unit"), "GB/s");
  ASSERT_NE(row(part, "dcgm/targeted_power"), nullptr);
  EXPECT_EQ(row(part, "dcgm/targeted_power")->status, "skipped");
  const json& kept = part.imported.at("dcgmi-diag");
  EXPECT_EQ(kept.at("dcgm_version"), "3.3.1");
  EXPECT_EQ(kept.at("gpu_device_ids").size(), 2u);
  EXPECT_EQ(kept.at("tests").size(), 3u);
}

TEST(DcgmDiagRows, AnEmptyReportIsNoRow) {
  ImportPart part;
  fill_part(Report{}, part);
  EXPECT_TRUE(part.benchmarks.empty());
  EXPECT_TRUE(part.gpus.empty());
}

}  // namespace
}  // namespace gpuaudit::imports::dcgm
