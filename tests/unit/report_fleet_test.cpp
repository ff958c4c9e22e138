#include "core/document_io.hpp"
#include "core/error.hpp"
#include "text/escape.hpp"
#include "report/fleet.hpp"
#include "report/chart_label.hpp"
#include "report/fleet_render.hpp"
#include "report/healthy_reference.hpp"
#include "report/soak_series.hpp"
#include "report/svg_chart.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuaudit;

namespace {

BenchmarkResult figure(const std::string& name, std::optional<int> gpu, double v, const std::string& unit) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.samples = {v * 0.99, v, v * 1.01};
  b.summary = summarize(b.samples);
  return b;
}

ResultDocument machine(const std::string& provider, const std::string& region, int gpus, double bf16_per_gpu,
                       std::optional<double> price = std::nullopt, std::string currency = "") {
  ResultDocument d;
  d.created_utc = "2026-01-01T00:00:00Z";
  if (!provider.empty()) d.tags["provider"] = provider;
  if (!region.empty()) d.tags["region"] = region;
  for (int i = 0; i < gpus; ++i) {
    GpuInfo g;
    g.index = i;
    g.name = "NVIDIA H100 80GB HBM3";
    d.gpus.push_back(g);
    d.benchmarks.push_back(figure("gemm/bf16", i, bf16_per_gpu, "TFLOP/s"));
    d.benchmarks.push_back(figure("hbm/copy", i, 3000, "GB/s"));
    d.benchmarks.push_back(figure("pcie/h2d_pinned", i, 50, "GB/s"));
  }
  d.price_per_hour = price;
  if (!currency.empty()) d.currency = currency;
  return d;
}

std::vector<LoadedRun> as_runs(std::vector<ResultDocument> docs) {
  std::vector<LoadedRun> runs;
  for (size_t i = 0; i < docs.size(); ++i) runs.push_back({"run-" + std::to_string(i) + ".json", std::move(docs[i])});
  return runs;
}

Bar bar(const std::string& label, double value, double lo, double hi, int n) {
  Bar b;
  b.label = label;
  b.value = value;
  b.lo = lo;
  b.hi = hi;
  b.n = n;
  return b;
}

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

}  // namespace

TEST(ReportGrouping, GroupsByKeysWithFallbacks) {
  auto a = machine("aws", "us-east-1", 1, 700);
  auto b = machine("aws", "us-east-1", 1, 690);
  auto c = machine("", "", 1, 650);
  c.host.provider_guess = "gcp";
  auto d = machine("aws", "us-east-1", 1, 400);
  d.gpus[0].mig.is_mig_device = true;
  d.gpus[0].mig.profile = "3g.40gb";
  const auto runs = as_runs({a, b, c, d});
  const auto r = build_fleet_report(runs, parse_group_by("provider,region,gpu"));
  ASSERT_EQ(r.groups.size(), 3u);
  EXPECT_EQ(r.groups[0].label, "aws / us-east-1 / NVIDIA H100 80GB HBM3");
  EXPECT_EQ(r.groups[0].runs.size(), 2u);
  EXPECT_EQ(r.groups[1].label, "aws / us-east-1 / NVIDIA H100 80GB HBM3 MIG 3g.40gb");
  EXPECT_EQ(r.groups[2].label, "gcp / unknown / NVIDIA H100 80GB HBM3");
  const auto* bf16 = r.groups[0].figure("gemm/bf16");
  ASSERT_NE(bf16, nullptr);
  EXPECT_DOUBLE_EQ(bf16->spread.median, 695);
  EXPECT_DOUBLE_EQ(bf16->spread.min, 690);
  EXPECT_DOUBLE_EQ(bf16->spread.max, 700);
  EXPECT_EQ(bf16->spread.n, 2);
}

TEST(ReportGrouping, AllreduceIsTheFloatOutOfPlaceRowOverTheMostGpus) {
  auto a = machine("aws", "x", 8, 700);
  auto add = [&](double v, int gpus, const char* dtype, bool in_place) {
    BenchmarkResult r = figure("nccl/allreduce", std::nullopt, v, "GB/s");
    r.params = {{"gpus", gpus}, {"dtype", dtype}, {"in_place", in_place}};
    a.benchmarks.push_back(r);
  };
  add(100, 2, "float", false);
  add(150, 8, "bf16", false);
  add(300, 8, "float", false);
  add(290, 8, "float", true);
  add(200, 4, "float", false);
  const auto r = build_fleet_report(as_runs({a}), parse_group_by(""));
  const auto* nccl = r.groups.at(0).figure("nccl/allreduce");
  ASSERT_NE(nccl, nullptr);
  ASSERT_EQ(nccl->values.size(), 1u);
  EXPECT_DOUBLE_EQ(nccl->values[0], 300);
}

TEST(ReportGrouping, AnyTagCanGroupAndNoKeysMeansOneGroup) {
  auto a = machine("aws", "x", 1, 700);
  a.tags["team"] = "vision";
  auto b = machine("aws", "y", 1, 700);
  const auto runs = as_runs({a, b});
  const auto r = build_fleet_report(runs, parse_group_by("team"));
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.groups[0].label, "unknown");
  EXPECT_EQ(r.groups[1].label, "vision");
  const auto one = build_fleet_report(runs, parse_group_by(""));
  ASSERT_EQ(one.groups.size(), 1u);
  EXPECT_EQ(one.groups[0].label, "all runs");
  EXPECT_THROW(parse_group_by("provider,,region"), Error);
}

TEST(ReportCost, PricePerDeliveredUnit) {
  // 8 GPUs x 700 TFLOP/s = 5.6 PFLOP/s at 98 per hour: 17.5 per PFLOP/s-hour.
  const auto doc = machine("aws", "r", 8, 700, 98.0, "USD");
  const auto c = run_cost(doc);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->currency, "USD");
  EXPECT_DOUBLE_EQ(*c->bf16_tflops, 5600);
  EXPECT_DOUBLE_EQ(*c->per_bf16_pflop_hour, 98.0 / 5.6);
  EXPECT_DOUBLE_EQ(*c->per_hbm_tbs_hour, 98.0 / 24.0);          // 8 x 3000 GB/s
  EXPECT_DOUBLE_EQ(*c->per_host_copy_gbs_hour, 98.0 / 400.0);   // 8 x 50 GB/s, no pcie/h2d_all
}

TEST(ReportCost, AllGpuHostCopyWinsAndUnmeasuredGpusCountLikeMeasuredOnes) {
  auto doc = machine("aws", "r", 2, 700, 10.0);
  doc.benchmarks.push_back(figure("pcie/h2d_all", std::nullopt, 80, "GB/s"));
  GpuInfo extra;  // listed, never measured (run with --gpus 0,1)
  extra.index = 2;
  extra.name = doc.gpus[0].name;
  doc.gpus.push_back(extra);
  doc.gpus.push_back(extra);
  const auto c = run_cost(doc);
  ASSERT_TRUE(c);
  EXPECT_DOUBLE_EQ(*c->host_copy_gbs, 80);
  EXPECT_DOUBLE_EQ(*c->bf16_tflops, 2800);  // mean 700 x 4 GPUs listed
  EXPECT_EQ(c->currency, "USD");            // the default, as gpuaudit run uses
  EXPECT_FALSE(run_cost(machine("aws", "r", 1, 700)));
  EXPECT_FALSE(run_cost(machine("aws", "r", 1, 700, 0.0)));
}

TEST(ReportCost, OneCurrencyPerGroup) {
  const auto runs = as_runs({machine("a", "r", 1, 700, 2.0, "USD"), machine("a", "r", 1, 700, 3.0, "USD"),
                             machine("a", "r", 1, 700, 15.0, "CNY")});
  const auto r = build_fleet_report(runs, {"provider"});
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].currency, "USD");
  EXPECT_EQ(r.groups[0].priced, 2);
  EXPECT_EQ(r.groups[0].other_currency, 1);
  EXPECT_DOUBLE_EQ(r.groups[0].price_per_hour->median, 2.5);
}

TEST(ReportFindings, CountsDocumentsPerFindingAndDelivered) {
  auto a = machine("a", "r", 1, 700);
  a.assessment = Assessment{};
  a.assessment->findings = {Finding{.id = "sliced"}, Finding{.id = "sliced"}, Finding{.id = "power-capped"}};
  a.assessment->delivered_fraction = 0.45;
  auto b = machine("a", "r", 1, 700);
  b.assessment = Assessment{};
  b.assessment->findings = {Finding{.id = "healthy"}};
  b.assessment->delivered_fraction = 0.99;
  const auto runs = as_runs({a, b, machine("a", "r", 1, 700)});
  const auto r = build_fleet_report(runs, {"provider"});
  const auto& g = r.groups[0];
  EXPECT_EQ(g.scored, 2);
  EXPECT_EQ(g.findings.at("sliced"), 1);  // per document, not per finding entry
  EXPECT_EQ(g.findings.at("healthy"), 1);
  EXPECT_DOUBLE_EQ(g.delivered_pct->median, 72);
  EXPECT_EQ(r.finding_ids, (std::vector<std::string>{"healthy", "power-capped", "sliced"}));
}

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

TEST(ReportEscaping, EscapeFunctions) {
  EXPECT_EQ(xml_escape("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(markdown_escape("a|b*c'"), "a\\|b\\*c&#39;");
  EXPECT_EQ(csv_text("plain"), "plain");
  EXPECT_EQ(csv_text("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_text("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_text("+1"), "'+1");
  EXPECT_EQ(csv_text("@SUM(A1)"), "'@SUM(A1)");
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

TEST(ReportSoak, TimelineIsReadAndDrawn) {
  auto d = machine("aws", "r", 1, 700);
  d.extra = json::object();
  d.extra["soak"] = json::parse(R"({"minutes_requested": 1, "gpus":[{"gpu":0,"points":[
      {"t_s":10,"gemm_tflops":690,"sm_clock_mhz":1980,"power_w":690,"temperature_c":70,"reasons":[]},
      {"t_s":0,"gemm_tflops":700,"sm_clock_mhz":1980,"power_w":680,"temperature_c":60},
      {"t_s":20,"gemm_tflops":600,"sm_clock_mhz":1600,"power_w":700,"temperature_c":87,"reasons":["sw-thermal"]},
      {"t_s":30,"gemm_tflops":null,"reasons":["sw-thermal"]}],
      "decay":{"verdict":"decayed","summary":"GEMM fell <14%>"}}]})");
  const auto soak = read_soak(d);
  ASSERT_TRUE(soak);
  ASSERT_EQ(soak->gpus.size(), 1u);
  ASSERT_EQ(soak->gpus[0].points.size(), 4u);
  EXPECT_DOUBLE_EQ(soak->gpus[0].points[0].t_s, 0);  // sorted by time
  EXPECT_FALSE(soak->gpus[0].points[3].gemm_tflops);
  EXPECT_FALSE(soak->gpus[0].points[0].hbm_gbs);
  const auto runs = as_runs({d});
  const std::string html = fleet_html(build_fleet_report(runs, {"provider"}), runs);
  EXPECT_NE(html.find("Soak timelines"), std::string::npos);
  EXPECT_NE(html.find("<polyline"), std::string::npos);
  EXPECT_NE(html.find("GEMM fell &lt;14%&gt;"), std::string::npos);
  EXPECT_EQ(count(html, "GPU 0 at 20 s: sw-thermal"), 4u);  // one marker (not two) on each of 4 charts
  EXPECT_EQ(html.find("Memory bandwidth over time"), std::string::npos);  // no hbm_gbs points
  EXPECT_FALSE(read_soak(machine("a", "r", 1, 1)));
  d.extra["soak"] = json::parse(R"({"gpus": "not a list"})");
  EXPECT_FALSE(read_soak(d));  // unreadable: no timeline, no error
}

TEST(ReportCharts, NiceTicks) {
  EXPECT_EQ(nice_ticks(0, 1000, 5), (std::vector<double>{0, 200, 400, 600, 800, 1000}));
  EXPECT_EQ(nice_ticks(0, 730, 5), (std::vector<double>{0, 200, 400, 600, 800}));
  EXPECT_EQ(nice_ticks(0, 3.1, 5), (std::vector<double>{0, 1, 2, 3, 4}));
  const auto t = nice_ticks(55, 92, 5);
  EXPECT_DOUBLE_EQ(t.front(), 50);
  EXPECT_DOUBLE_EQ(t.back(), 100);
}

TEST(ReportCharts, BarChartCarriesTitleDescAndEscapedLabels) {
  BarChart c;
  c.id = "x-1";
  c.title = "hbm/copy by group";
  c.axis_label = "GB/s";
  c.unit = "GB/s";
  c.bars = {bar("a<b", 3000, 2900, 3100, 8), bar("c", 1500, 1500, 1500, 1)};
  const std::string svg = svg_bar_chart(c);
  EXPECT_NE(svg.find("role=\"img\""), std::string::npos);
  EXPECT_NE(svg.find("<title id=\"x-1-title\">hbm/copy by group</title>"), std::string::npos);
  EXPECT_NE(svg.find("a&lt;b: 3000 GB/s (min 2900, max 3100, 8 values)"), std::string::npos);
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
  EXPECT_EQ(count(svg, "<rect"), 2u);
  EXPECT_EQ(count(svg, "<path"), 1u);  // no whisker where min == max
}

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

TEST(ReportCharts, LongLabelsBreakBetweenPartsAndKeepTheMigProfile) {
  const std::string label = "gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb";
  EXPECT_EQ(fit_label(label, 80), std::vector<std::string>{label});
  EXPECT_EQ(fit_label(label, 54), (std::vector<std::string>{"gamma-compute / ap-south", "NVIDIA H100 80GB HBM3 MIG 3g.40gb"}));
  // Narrower: the vendor word goes first, then the middle; the end that tells slices apart stays.
  EXPECT_EQ(fit_label(label, 30), (std::vector<std::string>{"gamma-compute / ap-south", "H100 80GB HBM3 MIG 3g.40gb"}));
  const auto narrow = fit_label(label, 20);
  ASSERT_EQ(narrow.size(), 2u);
  for (const auto& l : narrow) EXPECT_LE(label_width(l), 20u) << l;
  EXPECT_NE(narrow[1].find("3g.40gb"), std::string::npos) << narrow[1];
  const auto one = fit_label("beta-gpu / us-central / NVIDIA H100 80GB HBM3 MIG 3g.40gb", 30, 1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(label_width(one[0]), 30u);
  EXPECT_NE(one[0].find("3g.40gb"), std::string::npos) << one[0];
  EXPECT_EQ(one[0].rfind("beta-gpu", 0), 0u) << one[0];
  // Code points, not bytes: a Japanese tag is not cut inside a character.
  const auto jp = fit_label("\xE6\x9D\xB1\xE4\xBA\xAC\xE6\x9D\xB1\xE4\xBA\xAC / x", 3, 1);
  EXPECT_EQ(label_width(jp[0]), 3u);
}

TEST(ReportCharts, BarChartWrapsLabelsAndMarksTheHealthyCard) {
  BarChart c;
  c.id = "x-2";
  c.title = "gemm/bf16 by group";
  c.unit = "TFLOP/s";
  c.bars = {bar("alpha-cloud / us-east / NVIDIA H100 80GB HBM3", 700, 690, 710, 8),
            bar("gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb", 300, 290, 310, 2)};
  c.bars[1].reference = 745;
  const std::string svg = svg_bar_chart(c);
  // Two lines, the whole profile shown; the full label in the bar's title.
  EXPECT_NE(svg.find(">gamma-compute / ap-south</tspan>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">NVIDIA H100 80GB HBM3 MIG 3g.40gb</tspan>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb: 300"), std::string::npos);
  EXPECT_EQ(count(svg, "class=\"reference\""), 1u);
  EXPECT_NE(svg.find("healthy card of the model (its baseline)</text>"), std::string::npos);  // its legend
  EXPECT_NE(svg.find("healthy 745"), std::string::npos);                                      // its desc
  EXPECT_NE(svg.find("viewBox=\"0 0 " + std::to_string(kChartWidth) + " "), std::string::npos);
}

TEST(ReportHealthy, GroupsOfOneModelGetTheBaselineFigure) {
  Baseline h100;
  h100.id = "h100-sxm5-80gb";
  h100.expected["gemm/bf16"] = Expectation{745, "TFLOP/s", "test", false, std::nullopt, ""};
  h100.expected["hbm/copy"] = Expectation{3, "TB/s", "test: another unit, never drawn", false, std::nullopt, ""};
  int lookups = 0;
  const HealthyReference healthy([&](const GpuInfo& g) {
    ++lookups;
    GpuReference r;
    if (g.name == "NVIDIA H100 80GB HBM3") {
      r.baseline = h100;
      r.method = "name";
    }
    return r;
  });
  ResultDocument other = machine("beta", "r", 2, 300);
  for (auto& g : other.gpus) g.name = "Some Unknown GPU";
  std::vector<RunDigest> runs;
  runs.push_back(digest_run("a.json", machine("alpha", "r", 8, 700), {"provider"}, &healthy));
  runs.push_back(digest_run("b.json", machine("alpha", "r", 8, 690), {"provider"}, &healthy));
  runs.push_back(digest_run("c.json", other, {"provider"}, &healthy));
  EXPECT_EQ(lookups, 2);  // once per model, not per GPU
  const FleetReport r = build_fleet_report(runs, {"provider"});
  ASSERT_EQ(r.groups.size(), 2u);
  ASSERT_NE(r.groups[0].figure("gemm/bf16"), nullptr);
  EXPECT_EQ(r.groups[0].figure("gemm/bf16")->healthy, 745);
  EXPECT_FALSE(r.groups[0].figure("hbm/copy")->healthy);   // GB/s against TB/s
  EXPECT_FALSE(r.groups[1].figure("gemm/bf16")->healthy);  // no baseline
  const std::string html = fleet_html(r, runs);
  EXPECT_NE(html.find("model (its baseline): 745"), std::string::npos);
  EXPECT_NE(html.find("class=\"reference\""), std::string::npos);
}
