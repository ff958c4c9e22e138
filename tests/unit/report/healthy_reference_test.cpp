// report/healthy_reference: a group of one model gets its baseline's figure, looked up once per model.
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/healthy_reference.hpp"
#include "unit/support/fleet_runs.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuaudit;

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

