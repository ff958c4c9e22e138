// report/fleet_json: `report --json` on the synthetic fleet of tests/data/report/fleet-synthetic:
// one object per group with its keys, each figure's spread beside the CSV's numbers, the findings.
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(FleetJson, OneObjectPerGroupWithItsKeysFiguresAndFindings) {
  const auto runs = load_runs({std::string(GPUAUDIT_TEST_DATA) + "/report/fleet-synthetic"});
  const FleetReport r = build_fleet_report(runs, parse_group_by("provider,region,gpu"));
  const json j = fleet_json(r);
  EXPECT_EQ(j["schema"], "gpuaudit.report/1");
  EXPECT_EQ(j["group_by"], json({"provider", "region", "gpu"}));
  EXPECT_EQ(j["runs"], r.run_count);
  ASSERT_EQ(j["groups"].size(), r.groups.size());
  for (std::size_t i = 0; i < r.groups.size(); ++i) {
    const Group& g = r.groups[i];
    const json& x = j["groups"][i];
    EXPECT_EQ(x["label"], g.label);
    EXPECT_EQ(x["keys"]["provider"], g.key_values[0]);
    EXPECT_EQ(x["runs"], g.runs.size());
    ASSERT_EQ(x["figures"].size(), g.figures.size());
    for (std::size_t f = 0; f < g.figures.size(); ++f) {
      EXPECT_EQ(x["figures"][f]["name"], g.figures[f].name);
      EXPECT_DOUBLE_EQ(x["figures"][f]["spread"]["median"].get<double>(), g.figures[f].spread.median);
    }
    for (const auto& [id, n] : g.findings) EXPECT_EQ(x["findings"][id], n);
  }
}

}  // namespace
}  // namespace gpuaudit
