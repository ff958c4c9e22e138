// report/fleet_html: the self-contained HTML report, its charts' accessibility and hostile tags escaped.
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"
#include "unit/support/fleet_runs.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

TEST(ReportEscaping, HostileTagsAreEscapedInEveryOutput) {
  auto a = machine("<script>alert(\"x\")</script>", "=cmd|' /C calc'!A0", 1, 700, 5.0, "U\"SD");
  a.gpus[0].name = "<img src=x onerror=alert(1)>";
  const auto runs = as_runs({a});
  const auto r = build_fleet_report(runs, parse_group_by("provider,region,gpu"));
  const std::string html = fleet_html(r, runs);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
  const std::string csv = fleet_csv(r);
  EXPECT_NE(csv.find(",'=cmd|' /C calc'!A0,"), std::string::npos) << csv;  // not a formula
  EXPECT_NE(csv.find("\"<script>alert(\"\"x\"\")</script>\""), std::string::npos) << csv;
}

TEST(ReportHtml, SelfContainedAccessibleCharts) {
  const auto runs = as_runs({machine("aws", "us-east-1", 8, 700, 98.0, "USD"), machine("gcp", "us-central1", 8, 650, 88.0, "USD")});
  const auto r = build_fleet_report(runs, parse_group_by("provider,region"));
  const std::string html = fleet_html(r, runs);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // only the SVG namespace
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_NE(html.find("Content-Security-Policy"), std::string::npos);
  EXPECT_NE(html.find("@media print"), std::string::npos);
  const size_t svgs = count(html, "<svg ");
  EXPECT_GE(svgs, 3u + 3u + 1u);  // 3 figures, 3 costs, 1 scatter
  EXPECT_EQ(count(html, "role=\"img\""), svgs);
  EXPECT_EQ(count(html, "<title id="), svgs);
  EXPECT_EQ(count(html, "<desc id="), svgs);
  EXPECT_NE(html.find("TFLOP/s (median; whiskers min-max)"), std::string::npos);
  EXPECT_NE(html.find("price per hour (USD)"), std::string::npos);
}


namespace gpuaudit {
namespace {

// The providers table: one row per provider of the synthetic fleet, before the groups, with its
// cheapest dense-BF16 group; none when the groups are not keyed by provider.
TEST(ReportHtml, ProvidersTableWhenGroupedByProvider) {
  const auto runs = load_runs({std::string(GPUAUDIT_TEST_DATA) + "/report/fleet-synthetic"});
  const std::string html = fleet_html(build_fleet_report(runs, parse_group_by("provider,region,gpu")), runs);
  const auto at = html.find("<section id=\"providers\">");
  ASSERT_NE(at, std::string::npos);
  EXPECT_LT(at, html.find("<section id=\"groups\">"));
  EXPECT_NE(html.find("<th class=\"t\" scope=\"row\">beta-gpu</th><td>1</td><td>4</td><td>8</td><td>2 of 4</td>"
                      "<td class=\"t\">beta-gpu / us-central / NVIDIA H100 80GB HBM3: 3.40 USD</td>"),
            std::string::npos)
      << html.substr(at, 2000);
  const std::string by_gpu = fleet_html(build_fleet_report(runs, parse_group_by("gpu")), runs);
  EXPECT_EQ(by_gpu.find("id=\"providers\""), std::string::npos);
}

// Grouped by provider (first or not), the price/performance points take one colour per provider,
// each provider once in the legend; grouped otherwise, one per group.
TEST(ReportHtml, ScatterColoursByProviderWhenGroupedByIt) {
  const auto runs = load_runs({std::string(GPUAUDIT_TEST_DATA) + "/report/fleet-synthetic"});
  for (const char* keys : {"provider,region,gpu", "region,provider"}) {
    const std::string html = fleet_html(build_fleet_report(runs, parse_group_by(keys)), runs);
    EXPECT_NE(html.find("Each point is one run, coloured by provider."), std::string::npos) << keys;
    const auto scatter = html.find("<section id=\"price-performance\">");
    ASSERT_NE(scatter, std::string::npos) << keys;
    const std::string section = html.substr(scatter, html.find("</section>", scatter) - scatter);
    std::size_t legends = 0;
    for (auto at = section.find("<title>beta-gpu</title>"); at != std::string::npos; at = section.find("<title>beta-gpu</title>", at + 1)) ++legends;
    EXPECT_EQ(legends, 1u) << keys << "\n" << section.substr(0, 3000);
  }
  const std::string by_gpu = fleet_html(build_fleet_report(runs, parse_group_by("gpu")), runs);
  EXPECT_NE(by_gpu.find("coloured by group."), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit
