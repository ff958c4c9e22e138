// One row per group, for spreadsheets: group keys, then median/min/max/n of every figure present,
// the findings, the price and the three costs. Numbers use '.' and no thousands separators.
#include "text/escape.hpp"
#include "report/fleet_render.hpp"

#include <cstdio>
#include <sstream>

namespace gpuaudit {

namespace {

std::string number(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

}  // namespace

std::string fleet_csv(const FleetReport& r) {
  std::ostringstream o;
  std::vector<std::string> head;
  for (const auto& k : r.group_by) head.push_back(csv_text(k));
  head.insert(head.end(), {"runs", "gpus", "synthetic_runs"});
  for (const auto& name : r.figure_names) {
    std::string unit;
    for (const auto& g : r.groups)
      if (const auto* f = g.figure(name)) unit = f->unit;
    for (const char* stat : {"median", "min", "max", "n"})
      head.push_back(csv_text(name + " " + stat + (std::string(stat) == "n" ? "" : " (" + unit + ")")));
  }
  head.push_back("scored_runs");
  for (const auto& id : r.finding_ids) head.push_back(csv_text("finding " + id));
  head.insert(head.end(), {"delivered_pct_median", "currency", "priced_runs", "price_per_hour_median",
                           "cost_per_bf16_pflop_hour", "cost_per_hbm_tbs_hour", "cost_per_host_copy_gbs_hour"});
  for (size_t i = 0; i < head.size(); ++i) o << (i ? "," : "") << head[i];
  o << "\r\n";

  for (const auto& g : r.groups) {
    std::vector<std::string> row;
    for (const auto& v : g.key_values) row.push_back(csv_text(v));
    row.insert(row.end(), {std::to_string(g.runs.size()), std::to_string(g.gpus), std::to_string(g.synthetic)});
    for (const auto& name : r.figure_names) {
      if (const auto* f = g.figure(name))
        row.insert(row.end(), {number(f->spread.median), number(f->spread.min), number(f->spread.max),
                               std::to_string(f->spread.n)});
      else
        row.insert(row.end(), {"", "", "", "0"});
    }
    row.push_back(std::to_string(g.scored));
    for (const auto& id : r.finding_ids) {
      const auto it = g.findings.find(id);
      row.push_back(std::to_string(it == g.findings.end() ? 0 : it->second));
    }
    auto med = [](const std::optional<Spread>& s) { return s ? number(s->median) : std::string(); };
    row.insert(row.end(), {med(g.delivered_pct), csv_text(g.currency), std::to_string(g.priced), med(g.price_per_hour),
                           med(g.per_bf16_pflop_hour), med(g.per_hbm_tbs_hour), med(g.per_host_copy_gbs_hour)});
    for (size_t i = 0; i < row.size(); ++i) o << (i ? "," : "") << row[i];
    o << "\r\n";
  }
  return o.str();
}

}  // namespace gpuaudit
