// report/fleet_stragglers.cpp: a document more than the straggler margin worse than its group's
// median (each document its median over its GPUs) is named, for figures where higher and where lower
// is better; two documents name none; a host name shared in the group gives way to the file name.
#include "report/fleet_stragglers.hpp"

#include "core/figure_catalogue.hpp"
#include "core/straggler_margin.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuaudit {
namespace {

std::uint8_t figure_index(const std::string& name) {
  const auto& names = fleet_report_figures();
  return static_cast<std::uint8_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

RunDigest run(const std::string& node, std::vector<double> bf16, double launch_us) {
  RunDigest r;
  r.path = "/runs/" + node + ".json";
  r.node = node;
  r.units = {"TFLOP/s", "us"};
  for (const double v : bf16) r.rows.push_back({.figure = figure_index("gemm/bf16"), .unit = 0, .higher_is_better = true, .value = v});
  r.rows.push_back({.figure = figure_index("sm/launch_sync"), .unit = 1, .higher_is_better = false, .value = launch_us});
  return r;
}

Group group_of(std::size_t n) {
  Group g;
  for (std::size_t i = 0; i < n; ++i) g.runs.push_back(i);
  return g;
}

TEST(FleetStragglers, ASlowNodeIsNamedWithItsMedianAndTheGroups) {
  const std::vector<RunDigest> runs{run("a", {720, 718}, 4.1), run("b", {721, 719}, 4.0), run("c", {600, 610}, 4.1),
                                    run("d", {719, 722}, 5.0)};
  const auto s = straggler_nodes(group_of(4), runs);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].node, "c");
  EXPECT_EQ(s[0].figure, "gemm/bf16");
  EXPECT_DOUBLE_EQ(s[0].value, 605);
  EXPECT_DOUBLE_EQ(s[0].group_median, 719.5);  // median of 719, 720, 605, 720.5
  EXPECT_EQ(s[1].node, "d");                    // lower is better: 5.0 us against 4.1
  EXPECT_EQ(s[1].figure, "sm/launch_sync");
}

TEST(FleetStragglers, WithinTheMarginOrTwoDocumentsNameNone) {
  const double just_inside = 720 * (1 - kStragglerMargin) + 1;
  EXPECT_TRUE(straggler_nodes(group_of(3), {run("a", {720}, 4), run("b", {720}, 4), run("c", {just_inside}, 4)}).empty());
  EXPECT_TRUE(straggler_nodes(group_of(2), {run("a", {720}, 4), run("b", {300}, 4)}).empty());
}

TEST(FleetStragglers, AHostNameSharedInTheGroupGivesWayToTheFile) {
  std::vector<RunDigest> runs{run("a", {720}, 4), run("a", {720}, 4), run("a", {500}, 4)};
  runs[2].path = "/runs/third.json";
  const auto s = straggler_nodes(group_of(3), runs);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].node, "third.json");
}

}  // namespace
}  // namespace gpuaudit
