// thermal-throttled: the card slowed itself down for heat.
//   Thermal clock-event reasons (sw-thermal, hw-thermal) while the heavy benchmarks ran, or
//   active at inventory time. High confidence when compute is also below tolerance; low when
//   the figures are still fine (it throttled, but not yet enough to show in a short run).
#include "probe/clock_reasons.hpp"
#include "report/format.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>

namespace gpuaudit {

void rule_thermal(GpuScoring& g, const Thresholds& /*t*/) {
  std::set<std::string> reasons;
  for (const auto& r : g.heavy_reasons())
    if (is_thermal_reason(r)) reasons.insert(r);
  std::set<std::string> now;
  for (const auto& r : g.gpu->clock_event_reasons)
    if (is_thermal_reason(r)) now.insert(r);
  if (reasons.empty() && now.empty()) return;

  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  const bool compute_low = tensor.low() || vec.low();
  Verdict v = make_verdict("thermal-throttled", g.index(), compute_low ? "high" : (reasons.empty() ? "low" : "medium"),
                           "", "");
  Finding& f = v.finding;
  if (!reasons.empty()) f.evidence.push_back("clock-event reasons while the compute benchmarks ran: " + join(reasons));
  if (!now.empty()) f.evidence.push_back("active at inventory time: " + join(now));

  // The hottest the card got under heavy load.
  double hottest = -1;
  for (const auto& b : g.doc->benchmarks)
    if (b.gpu == g.index() && is_heavy_benchmark(b.name) && b.telemetry && b.telemetry->temperature_c)
      hottest = std::max(hottest, b.telemetry->temperature_c->max);
  if (hottest >= 0) {
    f.figures["temperature_max_c"] = hottest;
    f.evidence.push_back("hottest under load: " + fmt_num(hottest, 0) + " C");
  }
  for (const GroupView* grp : {&tensor, &vec})
    if (grp->present) f.evidence.push_back(figure_with_telemetry(*grp->figures.front(), g.gpu->clocks.sm_max_mhz));
  const double ratio = std::min(tensor.present ? tensor.ratio : 1.0, vec.present ? vec.ratio : 1.0);
  if (compute_low) f.figures["compute_ratio"] = ratio;

  v.short_text = "thermal slowdown" + (hottest >= 0 ? " at " + fmt_num(hottest, 0) + " C" : std::string());
  f.summary = "The card slowed its clocks for heat" + (hottest >= 0 ? " (up to " + fmt_num(hottest, 0) + " C)" : std::string()) +
              (compute_low ? "; compute runs at " + fmt_pct(ratio) + " of a healthy card"
                           : "; the figures are still within tolerance, but long jobs will slow down") +
              ". Check the cooling (fans, airflow, inlet temperature).";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
