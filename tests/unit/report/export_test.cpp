// report/export: the stable export schema (docs/export.md: columns only added at the end), one row
// per figure of a real document of tests/data/report/fleet-synthetic, in CSV and NDJSON alike.
#include "core/document_io.hpp"
#include "report/export.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace gpuaudit {
namespace {

const std::string kDoc =
    std::string(GPUAUDIT_TEST_DATA) + "/report/fleet-synthetic/01-alpha-cloud-us-east-synthetic.json";

size_t lines(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

TEST(Export, ColumnsStartAsTheSchemaSaysAndTheHeaderNamesThem) {
  const auto& cols = export_columns();
  ASSERT_GE(cols.size(), 35u);
  EXPECT_EQ(cols.front(), "schema_version");
  EXPECT_EQ(cols[1], "source");
  EXPECT_EQ(cols[22], "figure");
  const std::string h = export_header(ExportFormat::csv);
  EXPECT_EQ(h.rfind("schema_version,source,created_utc,host,provider,region,zone,instance,", 0), 0u) << h;
  EXPECT_EQ(h.back(), '\n');
  EXPECT_EQ(lines(h), 1u);
  EXPECT_EQ(export_header(ExportFormat::ndjson), "");
}

TEST(Export, OneRowPerFigureOfARealDocument) {
  const ResultDocument doc = read_result(kDoc);
  ASSERT_FALSE(doc.benchmarks.empty());
  const std::string csv = export_document(doc, "01.json", ExportFormat::csv);
  EXPECT_EQ(lines(csv), doc.benchmarks.size());
  EXPECT_EQ(csv.rfind(std::string(kExportSchema) + ",01.json,", 0), 0u) << csv.substr(0, 200);
  const std::string nd = export_document(doc, "01.json", ExportFormat::ndjson);
  EXPECT_EQ(lines(nd), doc.benchmarks.size());
  std::istringstream in(nd);
  std::string line;
  while (std::getline(in, line)) {
    const json row = json::parse(line);
    EXPECT_EQ(row.at("schema_version"), kExportSchema);
    EXPECT_EQ(row.at("source"), "01.json");
    EXPECT_EQ(row.size(), export_columns().size());
    EXPECT_EQ(row.at("provider"), "alpha-cloud");
  }
}

}  // namespace
}  // namespace gpuaudit
