// clock-limited: the SMs run below the model's clock with no power or heat reason.
//   The SM clock under load (GpuScoring::under_load: heavy benchmarks, an imported timeline) or
//   the effective SM clock derived from sm/fp32 (rate / (SMs x FLOP per clock)) is below
//   clock_fraction x the max SM clock (the card's, else the model's boost clock), no power or
//   thermal reason was seen under load and the draw stayed below power_at_limit_fraction x the
//   limit: locked application clocks, a clock ceiling set by the provider, or a degraded board. When sm/fp32 has a reference it must be below tolerance too
//   (a figure at par says the clock is not what matters). High when two signs agree (the
//   effective clock and the telemetry, or either with the applications-clocks reason); medium on
//   one. Deferred to power-capped, thermal-throttled and a time-shared GPU (there the "effective
//   clock" only measures our share of the time).
#include "probe/clock_reasons.hpp"
#include "core/finding_ids.hpp"
#include "text/format.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

void rule_clock(GpuScoring& g, const Thresholds& t) {
  if (g.has(finding_id::kPowerCapped) || g.has(finding_id::kThermalThrottled)) return;
  if (g.has(finding_id::kSliced) && g.slice.kind == "full") return;  // time-shared: clocks are not the cause
  std::string max_from;
  const std::optional<double> maxc = g.sm_max_mhz(&max_from);
  if (!maxc || *maxc <= 0) return;
  const double limit = t.rules.clock_fraction * *maxc;

  const FigureScore* fp32 = g.figure("sm/fp32");
  double eff = -1;  // < 0: no effective clock (a plain double: GCC 12 misreads optional here)
  if (fp32 && fp32->bench)
    if (const auto it = fp32->bench->derived.find("effective_sm_clock_mhz"); it != fp32->bench->derived.end()) eff = it->second;
  const LoadTelemetry& load = g.under_load();
  const bool eff_low = eff >= 0 && eff < limit;
  const bool tel_low = load.sm_clock_mhz && load.sm_clock_mhz->median < limit;
  if (!eff_low && !tel_low) return;
  if (fp32 && fp32->ratio && !fp32->low()) return;  // the figure says the clock is not the problem
  if (eff >= 0 && !eff_low && fp32 && fp32->ratio) return;  // measured clock fine: the figure decides
  for (const auto& r : load.reasons)
    if (is_power_reason(r) || is_thermal_reason(r)) return;
  // A draw at the power limit is the limit's doing even where no reason was logged (the table,
  // dmon, a CSV without clocks_event_reasons): GPU Boost lowers the clock to stay under it, so the
  // clock says nothing about a cap; the power rule judges whether the limit itself is lowered.
  if (g.draw_at_power_limit(t.rules.power_at_limit_fraction)) return;

  const bool app_clocks = load.reasons.count("applications-clocks") > 0;
  int signs = (eff_low ? 1 : 0) + (tel_low ? 1 : 0) + (app_clocks ? 1 : 0);
  Verdict v = make_verdict(finding_id::kClockLimited, g.index(), signs >= 2 ? "high" : "medium", "", "");
  Finding& f = v.finding;
  const double shown = eff_low ? eff : load.sm_clock_mhz->median;
  if (eff >= 0) {
    f.evidence.push_back("effective SM clock from sm/fp32: " + fmt_num(eff, 0) + " MHz, " + fmt_pct(eff / *maxc) +
                         " of " + max_from + "; threshold " + fmt_pct(t.rules.clock_fraction));
    f.figures["effective_sm_clock_mhz"] = eff;
  }
  if (load.sm_clock_mhz) {
    f.evidence.push_back("SM clock under load (" + load.sources() + "): " + fmt_num(load.sm_clock_mhz->median, 0) +
                         " MHz median, " + fmt_pct(load.sm_clock_mhz->median / *maxc) + " of " + max_from);
    f.figures["sm_clock_under_load_mhz"] = load.sm_clock_mhz->median;
  }
  if (fp32 && fp32->ratio) f.evidence.push_back(figure_with_telemetry(*fp32, g.gpu->clocks.sm_max_mhz));
  std::string others;
  for (const auto& r : load.reasons)
    if (r != "applications-clocks") others += (others.empty() ? "" : ", ") + r;
  if (app_clocks) {
    f.evidence.push_back("applications-clocks reason: the clocks are locked by a setting");
  } else if (load.reasons_read) {
    f.evidence.push_back("no power or thermal clock-event reason under load" +
                         (others.empty() ? std::string() : " (seen: " + others + ")"));
  } else {
    // dmon without -s v, the table, gpu-burn: no reason logged is not "no reason".
    std::string seen = "these sources log no clock-event reasons; under load";
    if (load.power_w) {
      seen += " the draw reached " + fmt_num(load.power_w->max, 0) + " W";
      if (const auto lim = g.power_limit_w()) seen += " of its " + fmt_num(*lim, 0) + " W limit";
    }
    if (load.temperature_c) seen += std::string(load.power_w ? " and" : "") + " the card reached " +
                                    fmt_num(load.temperature_c->max, 0) + " C";
    f.evidence.push_back(seen + (load.power_w || load.temperature_c ? ": no sign of a power or heat limit"
                                                                    : " nothing shows power or heat either"));
  }
  f.figures["sm_max_mhz"] = *maxc;
  if (fp32 && fp32->ratio) f.figures["fp32_ratio"] = *fp32->ratio;
  v.short_text = "SM clock " + fmt_num(shown, 0) + " of " + fmt_num(*maxc, 0) + " MHz";
  f.summary = "The SMs run at " + fmt_num(shown, 0) + " MHz, " + fmt_pct(shown / *maxc) + " of " + fmt_num(*maxc, 0) +
              " MHz, with no power or heat reason: " +
              (app_clocks ? "application clocks are locked low" : "the clocks are capped (locked clocks or a clock ceiling)") + ".";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
