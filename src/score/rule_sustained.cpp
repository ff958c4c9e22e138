// sustained-drop: "fast first, slower later". A GEMM row's rate after its soak window
//   (params.sustained, measure/burst_sustained.hpp) is below (1 - sustained_drop_fraction) x its
//   rate in the first seconds (params.burst), or a `gpuaudit soak` timeline (extra.soak) decayed.
//   The cause is read from the telemetry of the sustained window: thermal clock-event reasons or
//   the slowdown temperature -> thermal; power reasons -> power; the SM clock fell with no reason
//   -> clock; the clock held -> unexplained (not the clock: memory or the host). High confidence
//   with a cause seen in telemetry, medium without. Judged without a baseline: the card is
//   compared with itself, so it holds for an unknown model too. Benchmarks (the 1-minute budgets)
//   hide this; training jobs run for hours at the sustained rate. An imported gpu-burn run counts
//   too: its rate over the first quarter of the run against the last (its own GEMM against itself).
#include "probe/clock_reasons.hpp"
#include "core/finding_ids.hpp"
#include "text/format.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"
#include "soak/timeline.hpp"

namespace gpuaudit {

namespace {

struct Phase {
  double rate = 0;
  std::optional<TelemetrySummary> tel;
};

std::optional<Phase> phase_of(const json& params, const char* key) {
  if (!params.is_object() || !params.contains(key) || !params[key].is_object()) return std::nullopt;
  const json& p = params[key];
  if (!p.contains("tflops") || !p["tflops"].is_number()) return std::nullopt;
  Phase out;
  out.rate = p["tflops"].get<double>();
  if (p.contains("telemetry") && p["telemetry"].is_object()) {
    try {
      out.tel = p["telemetry"].get<TelemetrySummary>();
    } catch (const std::exception&) {
      out.tel.reset();
    }
  }
  return out;
}

// The cause and the evidence line behind it.
std::pair<std::string, std::string> cause_of(const GpuScoring& g, const Phase& burst, const Phase& sustained, double margin) {
  if (!sustained.tel) return {"", "no telemetry of the sustained window"};
  const TelemetrySummary& t = *sustained.tel;
  std::set<std::string> thermal, power;
  for (const auto& r : t.clock_event_reasons) {
    if (is_thermal_reason(r)) thermal.insert(r);
    if (is_power_reason(r)) power.insert(r);
  }
  if (!thermal.empty()) return {"thermal", "thermal clock-event reasons in the sustained window: " + join(thermal)};
  std::string slow_from;
  if (const auto slow = g.slowdown_temperature_c(&slow_from); slow && t.temperature_c && t.temperature_c->max >= *slow)
    return {"thermal", "the sustained window reached " + fmt_num(t.temperature_c->max, 0) + " C, at or above " + slow_from +
                           " (" + fmt_num(*slow, 0) + " C)"};
  if (!power.empty()) return {"power", "power clock-event reasons in the sustained window: " + join(power)};
  if (burst.tel && burst.tel->sm_clock_mhz && t.sm_clock_mhz &&
      t.sm_clock_mhz->median < (1.0 - margin / 2) * burst.tel->sm_clock_mhz->median)
    return {"clock", "the SM clock fell from " + fmt_num(burst.tel->sm_clock_mhz->median, 0) + " to " +
                         fmt_num(t.sm_clock_mhz->median, 0) + " MHz with no reason reported"};
  // Only what the telemetry holds: an imported gpu-burn log has temperatures, no clock, no reasons.
  const bool reasons_read = !(t.extra.is_object() && t.extra.value("clock_event_reasons_read", true) == false);
  if (!t.sm_clock_mhz)
    return {"unexplained", std::string("the sustained window's telemetry holds no SM clock") +
                               (reasons_read ? " and no clock-event reason" : " and no clock-event reasons")};
  return {"unexplained", reasons_read ? "the SM clock held and no clock-event reason was reported"
                                      : "the SM clock held; these sources log no clock-event reasons"};
}

std::string phase_line(const char* what, const Phase& p) {
  std::string line = std::string(what) + " " + fmt_value(p.rate, "TFLOP/s");
  if (p.tel) line += " (" + telemetry_evidence(*p.tel, std::nullopt) + ")";
  return line;
}

}  // namespace

void rule_sustained(GpuScoring& g, const Thresholds& t) {
  const double margin = t.rules.sustained_drop_fraction;
  Verdict v = make_verdict(finding_id::kSustainedDrop, g.index(), "", "", "");
  Finding& f = v.finding;
  std::string cause, worst_name;
  double worst = 1.0;
  for (const auto& b : g.doc->benchmarks) {
    // gemm/*: gpuaudit's own; gpu_burn/gflops: an imported gpu-burn run's first and last quarter
    // (import/parse_gpu_burn.cpp), the same comparison of one GEMM's rate with itself.
    if (b.gpu != g.index() || b.status != "ok" || (b.name.rfind("gemm/", 0) != 0 && b.name != "gpu_burn/gflops")) continue;
    const auto burst = phase_of(b.params, "burst");
    const auto sustained = phase_of(b.params, "sustained");
    if (!burst || !sustained || burst->rate <= 0) continue;
    const double ratio = sustained->rate / burst->rate;
    if (ratio >= 1.0 - margin) continue;
    const auto [c, why] = cause_of(g, *burst, *sustained, margin);
    const double window = b.params.value("soak_window_s", 0.0);
    f.evidence.push_back(b.name + ": " + phase_line("first seconds", *burst) + "; after " + fmt_num(window, 0) + " s " +
                         phase_line("sustained", *sustained) + ": " + fmt_pct(ratio) + " (threshold " +
                         fmt_pct(1.0 - margin) + ")");
    f.evidence.push_back(why);
    if (ratio < worst) {
      worst = ratio;
      worst_name = b.name;
      cause = c;
    }
  }
  // gpuaudit soak's own verdict on this GPU, when the document carries a soak.
  if (g.doc->extra.is_object() && g.doc->extra.contains("soak")) {
    try {
      const SoakRecord rec = g.doc->extra["soak"].get<SoakRecord>();
      for (const auto& tl : rec.gpus)
        if (tl.gpu == g.index() && tl.decay && tl.decay->verdict == "decayed") {
          f.evidence.push_back("soak: " + tl.decay->summary);
          const double r = tl.decay->gemm_ratio.value_or(tl.decay->hbm_ratio.value_or(1.0));
          if (r < worst) {
            worst = r;
            worst_name = "soak";
            cause = tl.decay->cause.value_or("unexplained");
          }
        }
    } catch (const std::exception&) {
      // an unreadable soak record: the rows alone decide
    }
  }
  if (f.evidence.empty()) return;
  const bool seen = cause == "thermal" || cause == "power" || cause == "clock";
  f.confidence = seen ? "high" : "medium";
  f.figures["sustained_ratio"] = worst;
  f.figures["threshold"] = 1.0 - margin;
  f.extra = json{{"cause", cause.empty() ? json(nullptr) : json(cause)}};
  const std::string because = cause == "thermal" ? " because the card got too hot (check the cooling)"
                              : cause == "power" ? " because it is held by its power limit"
                              : cause == "clock" ? ": its SM clock fell with no reason reported"
                                                 : "; the telemetry shows no cause";
  v.short_text = worst_name + " sustains " + fmt_pct(worst) + " of its first seconds";
  f.summary = "Fast first, slower later: " + worst_name + " sustains only " + fmt_pct(worst) +
              " of its first-seconds rate under continuous load" + because + ".";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
