// report/fleet: runs grouped by tags and built-in keys, cost per delivered unit, findings counted.
#include "core/error.hpp"
#include "report/fleet.hpp"
#include "unit/support/fleet_runs.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuaudit;

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

