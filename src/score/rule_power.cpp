// power-capped: the card may not draw the power its model needs for full speed.
//   The power limit in force is below power_limit_fraction x the board default, or power-cap
//   clock-event reasons were seen while the heavy benchmarks ran AND compute is below tolerance.
// Power reasons alone are no finding: power-limited designs (L4, T4, H100 PCIe) hit their cap on
// every GEMM, and their references already include it.
#include "probe/clock_reasons.hpp"
#include "report/format.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>

namespace gpuaudit {

void rule_power(GpuScoring& g, const Thresholds& t) {
  const PowerInfo& p = g.gpu->power;
  std::optional<double> limit = p.limit_w;
  if (p.enforced_limit_w && (!limit || *p.enforced_limit_w < *limit)) limit = p.enforced_limit_w;
  const std::optional<double> def = p.default_limit_w;
  const bool limit_low = limit && def && *def > 0 && *limit < t.rules.power_limit_fraction * *def;

  std::set<std::string> reasons;
  for (const auto& r : g.heavy_reasons())
    if (is_power_reason(r)) reasons.insert(r);
  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  const bool compute_low = tensor.low() || vec.low();
  if (!limit_low && !(compute_low && !reasons.empty())) return;

  std::string conf;
  if (limit_low && compute_low) conf = "high";
  else if (compute_low) conf = limit_low ? "high" : "medium";
  else conf = reasons.empty() ? "low" : "medium";  // limit lowered, compute still within tolerance

  Verdict v = make_verdict("power-capped", g.index(), conf, "", "");
  Finding& f = v.finding;
  if (limit_low) {
    f.evidence.push_back("power limit " + fmt_num(*limit, 0) + " W, board default " + fmt_num(*def, 0) + " W (" +
                         fmt_pct(*limit / *def) + "; threshold " + fmt_pct(t.rules.power_limit_fraction) + ")");
    f.figures["power_limit_w"] = *limit;
    f.figures["default_limit_w"] = *def;
    v.short_text = "power limit " + fmt_num(*limit, 0) + " W of " + fmt_num(*def, 0) + " W";
  } else {
    v.short_text = "power-cap clock events under load";
  }
  if (!reasons.empty())
    f.evidence.push_back("clock-event reasons while the compute benchmarks ran: " + join(reasons));
  const std::optional<int> maxc = g.gpu->clocks.sm_max_mhz;
  for (const GroupView* grp : {&tensor, &vec})
    if (grp->present) f.evidence.push_back(figure_with_telemetry(*grp->figures.front(), maxc));
  if (compute_low) f.figures["compute_ratio"] = std::min(tensor.present ? tensor.ratio : 1.0, vec.present ? vec.ratio : 1.0);
  // Memory streams draw far less power than tensor math: bandwidth at par with compute low
  // is the signature of a power cap, not of a memory problem.
  const GroupView mem = g.group(memory_figures());
  if (mem.present) {
    f.evidence.push_back(std::string(mem.fine() ? "memory bandwidth unaffected: " : "memory bandwidth also low: ") +
                         figure_evidence(*mem.figures.front()));
  }

  std::string sum = limit_low ? "The power limit is " + fmt_num(*limit, 0) + " W, " + fmt_pct(*limit / *def) +
                                    " of the board's " + fmt_num(*def, 0) + " W default"
                              : "The card hits its power cap under load";
  if (compute_low) sum += "; compute runs at " + fmt_pct(f.figures["compute_ratio"]) + " of a healthy card";
  else sum += "; compute is still within tolerance";
  if (mem.fine()) sum += " while memory bandwidth is unaffected";
  f.summary = sum + ".";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
