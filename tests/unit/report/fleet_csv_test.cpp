// report/fleet_csv: the fleet report for spreadsheets on the real synthetic fleet of
// tests/data/report/fleet-synthetic: a header and one CRLF row per group, every row as wide as the
// header, group keys first, the costs last.
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace gpuaudit {
namespace {

// The fields of one CSV line (no quoted commas in this fleet's cells).
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream s(line);
  std::string f;
  while (std::getline(s, f, ',')) out.push_back(f);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

TEST(FleetCsv, OneRowPerGroupOfTheSyntheticFleet) {
  const auto runs = load_runs({std::string(GPUAUDIT_TEST_DATA) + "/report/fleet-synthetic"});
  const FleetReport r = build_fleet_report(runs, parse_group_by("provider,region,gpu"));
  ASSERT_EQ(r.groups.size(), 4u);
  const std::string csv = fleet_csv(r);
  std::vector<std::vector<std::string>> rows;
  size_t start = 0;
  for (size_t end = csv.find("\r\n"); end != std::string::npos; start = end + 2, end = csv.find("\r\n", start))
    rows.push_back(fields(csv.substr(start, end - start)));
  EXPECT_EQ(start, csv.size());  // every line ends in CRLF
  ASSERT_EQ(rows.size(), 5u);
  const auto& h = rows[0];
  EXPECT_EQ(std::vector<std::string>(h.begin(), h.begin() + 6),
            (std::vector<std::string>{"provider", "region", "gpu", "runs", "gpus", "synthetic_runs"}));
  EXPECT_EQ(h.back(), "cost_per_host_copy_gbs_hour");
  for (const auto& row : rows) EXPECT_EQ(row.size(), h.size()) << row[0];
  EXPECT_EQ(rows[1][0], "alpha-cloud");
  EXPECT_EQ(rows[1][1], "eu-west");
}

TEST(FleetCsv, HostileGroupKeysAreQuoted) {
  const auto runs = load_runs({std::string(GPUAUDIT_TEST_DATA) + "/report/hostile-tags-synthetic.json"});
  const std::string csv = fleet_csv(build_fleet_report(runs, parse_group_by("provider")));
  // A cell with a quote is quoted and its quotes doubled; nothing else is made of it.
  EXPECT_NE(csv.find("\"<script>alert(\"\"provider\"\")</script>\","), std::string::npos) << csv;
}

}  // namespace
}  // namespace gpuaudit
