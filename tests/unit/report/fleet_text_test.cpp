// report/fleet_text: the fleet report as text and CSV, one row per group, and the cost table golden
// with Chinese and Japanese tags (columns padded by display width).
#include "core/stats.hpp"
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"
#include "unit/support/golden_text.hpp"
#include "unit/support/fleet_runs.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuaudit {
namespace {

TEST(ReportText, TextAndCsvHaveOneRowPerGroup) {
  const auto runs = as_runs({machine("aws", "r1", 8, 700, 98.0, "USD"), machine("gcp", "r2", 8, 650, 88.0, "USD")});
  const auto r = build_fleet_report(runs, {"provider"});
  const std::string text = fleet_text(r);
  EXPECT_NE(text.find("== aws - 1 run, 8 GPUs"), std::string::npos) << text;
  EXPECT_NE(text.find("cheapest dense BF16 first"), std::string::npos);
  EXPECT_NE(text.find("17.50 USD per dense-BF16 PFLOP/s-hour"), std::string::npos) << text;
  const std::string csv = fleet_csv(r);
  EXPECT_EQ(count(csv, "\r\n"), 3u);
  EXPECT_NE(csv.find("provider,runs,gpus,synthetic_runs,gemm/bf16 median (TFLOP/s)"), std::string::npos) << csv;
}

BenchmarkResult flat_figure(const std::string& name, int gpu, double v, const std::string& unit) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.samples = {v, v, v};
  b.summary = summarize(b.samples);
  return b;
}

ResultDocument priced(const std::string& provider, const std::string& region, double bf16, double price) {
  ResultDocument d;
  d.created_utc = "2026-01-01T00:00:00Z";
  d.tags["provider"] = provider;
  d.tags["region"] = region;
  GpuInfo g;
  g.index = 0;
  g.name = "NVIDIA H100 80GB HBM3";
  d.gpus.push_back(g);
  d.benchmarks.push_back(flat_figure("gemm/bf16", 0, bf16, "TFLOP/s"));
  d.price_per_hour = price;
  d.currency = "USD";
  return d;
}

// `gpuaudit report` over runs tagged in Chinese and Japanese: the cost table's columns line up
// in a terminal (before, each CJK character pushed its row one column right).
TEST(ReportText, FleetCostTableWithChineseAndJapaneseTagsIsGolden) {
  std::vector<LoadedRun> runs{{"a.json", priced("阿里云", "华东1", 700, 3.0)},
                              {"b.json", priced("さくらのクラウド", "東京", 650, 2.5)},
                              {"c.json", priced("aws", "us-east-1", 720, 4.0)}};
  const std::string text = fleet_text(build_fleet_report(runs, parse_group_by("provider,region")));
  const std::string table = text.substr(text.find("== cheapest"));
  EXPECT_EQ(table,
            "== cheapest dense BF16 first (median cost per PFLOP/s-hour)\n"
            "  group                     price/h  per PFLOP/s-h  per TB/s-h  per GB/s-h\n"
            "  さくらのクラウド / 東京  2.50 USD       3.85 USD           -           -\n"
            "  阿里云 / 华东1           3.00 USD       4.29 USD           -           -\n"
            "  aws / us-east-1          4.00 USD       5.56 USD           -           -\n")
      << text;
}

}  // namespace
}  // namespace gpuaudit

namespace gpuaudit {
namespace {

// The synthetic fleet of tests/data/report/fleet-synthetic as `report` prints it at 80 and 120
// columns (GPUAUDIT_UPDATE_GOLDEN=1 rewrites tests/data/text-golden/report-fleet-*.txt).
TEST(ReportText, GoldenAt80And120Columns) {
  const auto runs = load_runs({std::string(GPUAUDIT_TEST_DATA) + "/report/fleet-synthetic"});
  const FleetReport r = build_fleet_report(runs, parse_group_by("provider,region,gpu"));
  for (const std::size_t width : {80u, 120u}) {
    expect_golden_text(fleet_text(r, width), "report-fleet-" + std::to_string(width) + ".txt");
  }
}

}  // namespace
}  // namespace gpuaudit
