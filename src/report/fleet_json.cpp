// The fleet report as data (`report --json`, "schema": "gpuaudit.report/1"): per group its key,
// runs, GPUs, each figure's median, min, max and count with the healthy card's value, the findings
// with how many documents had each, the delivered share and the costs. The same numbers as the
// text and CSV faces, for a script.
#include "report/fleet_render.hpp"

namespace gpuaudit {
namespace {

json spread_json(const std::optional<Spread>& s) {
  if (!s) return nullptr;
  return {{"n", s->n}, {"median", s->median}, {"min", s->min}, {"max", s->max}};
}

json group_json(const FleetReport& r, const Group& g) {
  json keys = json::object();
  for (std::size_t i = 0; i < r.group_by.size() && i < g.key_values.size(); ++i) keys[r.group_by[i]] = g.key_values[i];
  json figures = json::array();
  for (const auto& f : g.figures)
    figures.push_back({{"name", f.name},
                       {"unit", f.unit},
                       {"higher_is_better", f.higher_is_better},
                       {"spread", spread_json(f.spread)},
                       {"healthy", f.healthy ? json(*f.healthy) : json(nullptr)}});
  json j = {{"label", g.label},
            {"keys", keys},
            {"runs", g.runs.size()},
            {"gpus", g.gpus},
            {"scored", g.scored},
            {"synthetic", g.synthetic},
            {"figures", figures},
            {"findings", g.findings},
            {"delivered_pct", spread_json(g.delivered_pct)},
            {"stragglers", json::array()}};
  for (const auto& s : g.stragglers)
    j["stragglers"].push_back({{"node", s.node}, {"figure", s.figure}, {"unit", s.unit}, {"value", s.value},
                               {"group_median", s.group_median}});
  if (g.priced > 0)
    j["cost"] = {{"currency", g.currency},
                 {"priced", g.priced},
                 {"other_currency", g.other_currency},
                 {"price_per_hour", spread_json(g.price_per_hour)},
                 {"per_bf16_pflop_hour", spread_json(g.per_bf16_pflop_hour)},
                 {"per_hbm_tbs_hour", spread_json(g.per_hbm_tbs_hour)},
                 {"per_host_copy_gbs_hour", spread_json(g.per_host_copy_gbs_hour)}};
  return j;
}

}  // namespace

json fleet_json(const FleetReport& r) {
  json groups = json::array();
  for (const auto& g : r.groups) groups.push_back(group_json(r, g));
  return {{"schema", "gpuaudit.report/1"},
          {"group_by", r.group_by},
          {"runs", r.run_count},
          {"synthetic", r.synthetic},
          {"figures", r.figure_names},
          {"findings", r.finding_ids},
          {"groups", groups}};
}

}  // namespace gpuaudit
