// thermal-throttled: the card slowed itself down for heat.
//   Under load (GpuScoring::under_load): thermal clock-event reasons (sw-thermal, hw-thermal), or
//   the temperature at/above the card's slowdown threshold (NVML's, else the model's from its
//   baseline: GpuScoring::slowdown_temperature_c) while the SM clock ran below clock_fraction x
//   its max, or with no clock seen (the plain table, gpu-burn's temperatures). Thermal
//   reasons active at inventory time count too (low), and so does a card sitting at its "GPU Max
//   Operating Temp" (NVML_TEMPERATURE_THRESHOLD_GPU_MAX: the temperature at which the GPU may be
//   throttled below base clock; the boost controller holds the card there, so a reading within
//   kAtTargetBandC of it means the limit is acting) (low at inventory, a sign under load).
//   Where the card prints no absolute thresholds (Hopper and later, drivers 565+), its T.Limit
//   margin against the offsets printed on the same scale stands in for them (TLimitReading).
//   High when two signs agree (a thermal reason or the slowdown temperature, AND compute below
//   tolerance or the clock below clock_fraction); medium on one sign under load; low at
//   inventory only, or at the slowdown temperature with no clock seen.
// No figure is needed: the telemetry of an imported timeline decides it as well as gpuaudit's own.
#include "probe/clock_reasons.hpp"
#include "core/finding_ids.hpp"
#include "text/format.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

// nvidia-smi reports whole degrees and the boost controller regulates around its target with a
// ripple of a degree or two, so "at the max operating temperature" is a band, not equality.
constexpr int kAtTargetBandC = 2;

bool at_max_operating(std::optional<double> max_operating, double temperature) {
  return max_operating && temperature >= *max_operating - kAtTargetBandC;
}

// Hopper and later under 565+ drivers: nvidia-smi -q prints the temperature as a margin below the
// GPU's T.Limit ("GPU T.Limit Temp : 57 C") and the thresholds as offsets on that scale ("GPU Max
// Operating T.Limit Temp : 0 C", "GPU Slowdown T.Limit Temp : -2 C"), and no absolute thresholds.
// The card's own reading on the card's own scale, so no model table is needed; it is one reading
// (the snapshot's), so it stands in for the absolute thresholds only where those are missing.
struct TLimitReading {
  double margin_c = 0;                    // degrees below T.Limit (negative: above it)
  std::optional<double> slowdown_c;       // the margin at which slowdown starts (-2)
  std::optional<double> max_operating_c;  // the margin of the max operating temperature (0)
  bool at_slowdown() const { return slowdown_c && margin_c <= *slowdown_c; }
  bool at_max_operating() const { return max_operating_c && margin_c <= *max_operating_c + kAtTargetBandC; }
};

std::optional<TLimitReading> t_limit_reading(const GpuInfo& gpu) {
  const bool absolute = (gpu.temperature_slowdown_c && *gpu.temperature_slowdown_c > 0) ||
                        (gpu.temperature_max_operating_c && *gpu.temperature_max_operating_c > 0);
  if (absolute || !gpu.extra.is_object()) return std::nullopt;
  const auto im = gpu.extra.find("imported");
  if (im == gpu.extra.end() || !im->is_object()) return std::nullopt;
  auto num = [&](const char* key) -> std::optional<double> {
    const auto it = im->find(key);
    if (it == im->end() || !it->is_number()) return std::nullopt;
    return it->get<double>();
  };
  const auto margin = num("t_limit_temp_c");
  if (!margin) return std::nullopt;
  return TLimitReading{*margin, num("slowdown_t_limit_temp_c"), num("max_operating_t_limit_temp_c")};
}

std::string t_limit_line(const TLimitReading& r) {
  std::string s = "GPU T.Limit Temp " + fmt_num(r.margin_c, 0) + " C (degrees below the card's T.Limit";
  if (r.max_operating_c) s += "; its max operating temperature at " + fmt_num(*r.max_operating_c, 0) + " C";
  if (r.slowdown_c) s += ", slowdown at " + fmt_num(*r.slowdown_c, 0) + " C";
  s += " on that scale)";
  s += r.at_slowdown() ? ": at its slowdown threshold" : ": at its max operating temperature";
  return s;
}

}  // namespace

void rule_thermal(GpuScoring& g, const Thresholds& t) {
  const LoadTelemetry& load = g.under_load();
  std::set<std::string> reasons;
  for (const auto& r : load.reasons)
    if (is_thermal_reason(r)) reasons.insert(r);
  std::set<std::string> now;
  for (const auto& r : g.gpu->clock_event_reasons)
    if (is_thermal_reason(r)) now.insert(r);

  std::string slow_from, max_from;
  const std::optional<double> slowdown = g.slowdown_temperature_c(&slow_from);
  const double hottest = load.temperature_c ? load.temperature_c->max : -1;
  const std::optional<TLimitReading> tl = t_limit_reading(*g.gpu);
  // The card's own max operating temperature, else its model's (the plain table, dmon, gpu-burn
  // print none); a T.Limit reading is the card's own and stands in for both.
  std::string maxop_from;
  const std::optional<double> maxop = tl ? std::nullopt : g.max_operating_temperature_c(&maxop_from);
  const bool at_target = hottest >= 0 && at_max_operating(maxop, hottest);
  const bool tl_sign = tl && (tl->at_slowdown() || tl->at_max_operating());
  // The T.Limit reading is the snapshot's: a sign under load when the snapshot was printed under load.
  const bool tl_hot = tl_sign && load.snapshot_under_load;
  const bool hot = (slowdown && hottest >= *slowdown) || at_target || tl_hot;
  // At inventory (an idle snapshot): the card already at its max operating temperature.
  const bool abs_idle_at_target = hottest < 0 && g.gpu->temperature_c && at_max_operating(maxop, *g.gpu->temperature_c);
  const bool tl_idle = tl_sign && !load.snapshot_under_load && hottest < 0;
  const bool idle_at_target = abs_idle_at_target || tl_idle;
  const std::optional<double> maxc = g.sm_max_mhz(&max_from);
  const bool clock_seen = maxc && load.sm_clock_mhz;
  const bool clock_low = clock_seen && load.sm_clock_mhz->median < t.rules.clock_fraction * *maxc;
  // Hot with the clock still at max is not throttling (yet).
  const bool hot_counts = hot && (clock_low || !clock_seen);
  if (reasons.empty() && now.empty() && !hot_counts && !idle_at_target) return;

  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  const bool compute_low = tensor.low() || vec.low();
  const bool sign = !reasons.empty() || hot;  // a thermal sign under load
  std::string conf;
  if (sign && (compute_low || clock_low)) conf = "high";
  else if (!reasons.empty()) conf = "medium";
  else if (hot_counts && !now.empty()) conf = "medium";
  else conf = "low";
  if (!sign && compute_low) conf = "medium";  // reasons at inventory, compute low
  Verdict v = make_verdict(finding_id::kThermalThrottled, g.index(), conf, "", "");
  Finding& f = v.finding;
  if (!reasons.empty()) f.evidence.push_back("thermal clock-event reasons under load (" + load.sources() + "): " + join(reasons));
  if (!now.empty()) f.evidence.push_back("active at inventory time: " + join(now));
  if (hottest >= 0) {
    f.figures["temperature_max_c"] = hottest;
    std::string line = "hottest under load: " + fmt_num(hottest, 0) + " C";
    if (slowdown) {
      line += std::string(hottest >= *slowdown ? " (at or above " : " (below ") + slow_from + ", " + fmt_num(*slowdown, 0) + " C)";
      f.figures["temperature_slowdown_c"] = *slowdown;
    }
    if (at_target) line += "; at " + maxop_from + " (" + fmt_num(*maxop, 0) + " C)";
    f.evidence.push_back(line);
  }
  if (tl_hot || tl_idle) {
    f.evidence.push_back(std::string(tl_hot ? "under load (the snapshot): " : "at inventory: ") + t_limit_line(*tl));
    f.figures["t_limit_margin_c"] = tl->margin_c;
  }
  if (abs_idle_at_target) {
    f.evidence.push_back("at inventory: " + std::to_string(*g.gpu->temperature_c) + " C against " + maxop_from + " of " +
                         fmt_num(*maxop, 0) + " C (the temperature at which the GPU may be throttled below base clock)");
    f.figures["temperature_c"] = *g.gpu->temperature_c;
    f.figures["temperature_max_operating_c"] = *maxop;
  }
  if (clock_seen) {
    f.evidence.push_back("SM clock under load " + fmt_num(load.sm_clock_mhz->median, 0) + " MHz median, " +
                         fmt_pct(load.sm_clock_mhz->median / *maxc) + " of " + max_from + "; threshold " +
                         fmt_pct(t.rules.clock_fraction));
    f.figures["sm_clock_under_load_mhz"] = load.sm_clock_mhz->median;
    f.figures["sm_max_mhz"] = *maxc;
  }
  for (const GroupView* grp : {&tensor, &vec})
    if (grp->present) f.evidence.push_back(figure_with_telemetry(*grp->figures.front(), g.gpu->clocks.sm_max_mhz));
  const double ratio = std::min(tensor.present ? tensor.ratio : 1.0, vec.present ? vec.ratio : 1.0);
  if (compute_low) f.figures["compute_ratio"] = ratio;

  const double shown = hottest >= 0 ? hottest : (idle_at_target && g.gpu->temperature_c ? *g.gpu->temperature_c : -1.0);
  v.short_text = "thermal slowdown" + (shown >= 0 ? " at " + fmt_num(shown, 0) + " C" : std::string());
  std::string effect;
  if (compute_low) effect = "; compute runs at " + fmt_pct(ratio) + " of a healthy card";
  else if (clock_low) effect = "; the SM clock ran at " + fmt_pct(load.sm_clock_mhz->median / *maxc) + " of its max under load";
  else if (tensor.present || vec.present) effect = "; the figures are still within tolerance, but long jobs will slow down";
  f.summary = std::string(idle_at_target && reasons.empty() ? "The card is at its thermal limit and will hold its clocks down"
                                                           : "The card slowed its clocks for heat") +
              (shown >= 0 ? " (" + std::string(hottest >= 0 ? "up to " : "") + fmt_num(shown, 0) + " C)" : std::string()) +
              effect + ". Check the cooling (fans, airflow, inlet temperature).";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
