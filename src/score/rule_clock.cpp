// clock-limited: the SMs run below the model's clock with no power or heat reason.
//   The effective SM clock derived from sm/fp32 (rate / (SMs x FLOP per clock)) is below
//   clock_fraction x the max SM clock, sm/fp32 is below tolerance, and no power or thermal
//   reason was seen while it ran: locked application clocks, a clock ceiling set by the
//   provider, or a degraded board. Deferred to power-capped, thermal-throttled and a time-shared
//   GPU (there the "effective clock" only measures our share of the time).
#include "probe/clock_reasons.hpp"
#include "report/format.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

void rule_clock(GpuScoring& g, const Thresholds& t) {
  if (g.has("power-capped") || g.has("thermal-throttled")) return;
  if (g.has("sliced") && g.slice.kind == "full") return;  // time-shared: clocks are not the cause
  const FigureScore* fp32 = g.figure("sm/fp32");
  if (!fp32 || !fp32->bench) return;
  const auto eff_it = fp32->bench->derived.find("effective_sm_clock_mhz");
  if (eff_it == fp32->bench->derived.end()) return;
  const double eff = eff_it->second;
  std::optional<double> maxc;
  std::string max_from;
  if (g.gpu->clocks.sm_max_mhz) {
    maxc = *g.gpu->clocks.sm_max_mhz;
    max_from = "the card's max SM clock";
  } else if (const Baseline* b = g.baseline(); b && b->boost_clock_mhz) {
    maxc = b->boost_clock_mhz->value;
    max_from = "the model's boost clock";
  }
  if (!maxc || *maxc <= 0) return;
  const bool clock_low = eff < t.rules.clock_fraction * *maxc;
  // Without a reference for sm/fp32 the clock alone decides (medium); with one, both must agree.
  if (!clock_low || (fp32->ratio && !fp32->low())) return;

  const TelemetrySummary* tel = fp32->bench->telemetry ? &*fp32->bench->telemetry : nullptr;
  for (const auto& r : tel ? tel->clock_event_reasons : std::vector<std::string>{})
    if (is_power_reason(r) || is_thermal_reason(r)) return;
  bool app_clocks = false, telemetry_confirms = false;
  if (tel) {
    for (const auto& r : tel->clock_event_reasons) app_clocks |= r == "applications-clocks";
    telemetry_confirms = tel->sm_clock_mhz && tel->sm_clock_mhz->median < t.rules.clock_fraction * *maxc;
  }
  Verdict v = make_verdict("clock-limited", g.index(),
                           (app_clocks || telemetry_confirms) && fp32->ratio ? "high" : "medium", "", "");
  Finding& f = v.finding;
  f.evidence.push_back("effective SM clock from sm/fp32: " + fmt_num(eff, 0) + " MHz; " + max_from + " is " +
                       fmt_num(*maxc, 0) + " MHz (" + fmt_pct(eff / *maxc) + "; threshold " +
                       fmt_pct(t.rules.clock_fraction) + ")");
  f.evidence.push_back(figure_with_telemetry(*fp32, g.gpu->clocks.sm_max_mhz));
  f.evidence.push_back(app_clocks ? "applications-clocks reason: the clocks are locked by a setting"
                                  : "no power or thermal clock-event reason while it ran");
  f.figures["effective_sm_clock_mhz"] = eff;
  f.figures["sm_max_mhz"] = *maxc;
  if (fp32->ratio) f.figures["fp32_ratio"] = *fp32->ratio;
  v.short_text = "SM clock " + fmt_num(eff, 0) + " of " + fmt_num(*maxc, 0) + " MHz";
  f.summary = "The SMs run at " + fmt_num(eff, 0) + " MHz, " + fmt_pct(eff / *maxc) + " of " + fmt_num(*maxc, 0) +
              " MHz, with no power or heat reason: " +
              (app_clocks ? "application clocks are locked low" : "the clocks are capped (locked clocks or a clock ceiling)") + ".";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
