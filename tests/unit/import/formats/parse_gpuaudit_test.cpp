// Unit tests of the "gpuaudit" format (src/import/formats/parse_gpuaudit.cpp): a result document gpuaudit
// wrote is detected with certainty and read whole; a broken one is named, not thrown.
#include "import/import.hpp"
#include "import/importer.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace gpuaudit::imports {
namespace {

const std::filesystem::path kGolden = std::filesystem::path(GPUAUDIT_TEST_DATA) / "compare" / "golden-synthetic.json";

TEST(ImportGpuaudit, TheGoldenDocumentIsDetectedAndReadWhole) {
  // Synthetic (its name says so): the golden document compare's tests read.
  const std::string raw = import_test::read_bytes(kGolden);
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(import_test::detected(raw), kGpuauditFormat);
  const Format* f = find_format(kGpuauditFormat);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect(normalize_text(raw)), 100);
  const ImportPart p = import_test::parse_as(kGpuauditFormat, raw, "golden.json");
  EXPECT_TRUE(p.skipped.empty()) << p.skipped.front();
  EXPECT_EQ(p.source.version, "0.1.0");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:18:00.0");
  EXPECT_EQ(p.benchmarks.size(), 5u);
  EXPECT_EQ(p.benchmarks[0].name, "hbm/copy");
  EXPECT_EQ(p.software.driver_version, "570.124.06");
}

TEST(ImportGpuaudit, TheSchemaAnywhereInTheObjectAndNowhereElse) {
  const Format* f = find_format(kGpuauditFormat);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect(R"(  {"tool": {}, "schema" : "gpuaudit.result/1"})"), 100);
  EXPECT_EQ(f->detect(R"({"schema": "other/1"})"), 0);
  EXPECT_EQ(f->detect(R"(["schema", "gpuaudit.result/1"])"), 0);
  EXPECT_EQ(f->detect(""), 0);
}

TEST(ImportGpuaudit, ACutDocumentIsNamedNotThrown) {
  const std::string raw = import_test::read_bytes(kGolden);
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as(kGpuauditFormat, raw.substr(0, raw.size() / 2), "cut.json");
  EXPECT_TRUE(p.gpus.empty());
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("cut.json"), std::string::npos) << p.skipped[0];
}

}  // namespace
}  // namespace gpuaudit::imports
