// power-capped: the card may not draw the power its model needs for full speed.
//   Lowered: the power limit in force is below power_limit_fraction x the board default (or,
//   when the default is unknown, x the model's TDP from its baseline - not for a Pascal GeForce or
//   Quadro name, nor a Turing one that NVIDIA's driver table shows laptop parts of, without a
//   desktop PCI id: their laptop parts print the same name).
//   Binding: under load (GpuScoring::under_load) power-cap clock-event reasons were seen, or the
//   draw reached power_at_limit_fraction x the limit.
//   Lowered and (binding or compute low) = power-capped, high, with or without a figure;
//   lowered alone = low (a heavier job will hit it); not lowered, power reasons AND compute below
//   tolerance = medium.
//   HW Power Brake active, in the inventory's snapshot or under load = power-capped, high: the
//   platform (power supply, BMC) asserts it to pull the clocks down; no workload or GPU setting
//   causes it, so it is never a design's normal cap.
// Power reasons and a draw at the limit are no finding when the limit is the default: power-
// limited designs (L4, T4, H100 PCIe) hit their cap on every GEMM, and their references include it.
#include "baselines/driver_gpu_names.hpp"
#include "baselines/gpu_name_key.hpp"
#include "probe/clock_reasons.hpp"
#include "core/finding_ids.hpp"
#include "text/format.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>
#include <cstdlib>

namespace gpuaudit {

namespace {

// Pascal and Turing laptop parts print the desktop card's name ("GeForce RTX 2080", "GeForce GTX
// 1070", "Quadro P5000"; only Max-Q ones add "with Max-Q Design", and only from Ampere on does the
// name say "Laptop GPU") with limits of 80-150 W, so a limit below the desktop TDP says nothing
// about such a name unless a desktop PCI id matched it. The board default, where the document
// has it, still decides.
// For Turing, NVIDIA's driver table (baselines/driver_gpu_names.hpp) tells which names a laptop part
// prints: a model with laptop parts has its "... with Max-Q Design" entry beside the plain name the
// other laptop parts print ("NVIDIA GeForce RTX 2080" / "... with Max-Q Design"), and a desktop-only
// model (RTX 2080 Ti, RTX 2060 SUPER, GTX 1660) has none. Pascal predates that table: every Pascal
// GeForce/Quadro name stays shared.
bool name_shared_with_laptops(const GpuScoring& g, const Baseline& b) {
  if (g.ref.method == "pci-id") return false;
  const double cc = std::atof(b.compute_capability.c_str());  // "7.5": baselines check the form
  if (cc <= 0 || cc >= 8.0) return false;
  return std::any_of(b.nvidia_smi_names.begin(), b.nvidia_smi_names.end(), [&](const std::string& n) {
    if ((n.find("GeForce") == std::string::npos && n.find("Quadro") == std::string::npos) || n.find("TITAN") != std::string::npos)
      return false;
    if (cc < 7.5) return true;
    const std::string max_q = gpu_name_key(n + " with Max-Q Design");
    const auto names = driver_gpu_names();
    return std::any_of(names.begin(), names.end(), [&](std::string_view d) { return gpu_name_key(d) == max_q; });
  });
}

}  // namespace

void rule_power(GpuScoring& g, const Thresholds& t) {
  // Plain doubles (0: unknown): GCC 12 misreads optional<double> here (-Wmaybe-uninitialized).
  const double limit = g.power_limit_w().value_or(0);
  double def = g.gpu->power.default_limit_w.value_or(0);
  std::string def_name = "board default";
  if (def <= 0) {
    def = 0;
    // A model's TDP stands for the board's default only when the model is known: a name several
    // models print, which the card's memory does not tell apart, leaves the TDP unknown.
    if (const Baseline* b = g.baseline();
        b && b->tdp_w && b->tdp_w->value > 0 && !name_shared_with_laptops(g, *b) && !g.ref.model_ambiguous) {
      def = b->tdp_w->value;
      def_name = "model's TDP (the board default is unknown)";
    }
  }
  const bool limit_low = limit > 0 && def > 0 && limit < t.rules.power_limit_fraction * def;

  const LoadTelemetry& load = g.under_load();
  std::set<std::string> reasons;
  for (const auto& r : load.reasons)
    if (is_power_reason(r)) reasons.insert(r);
  const bool at_limit = g.draw_at_power_limit(t.rules.power_at_limit_fraction);
  const bool binding = !reasons.empty() || at_limit;
  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  const bool compute_low = tensor.low() || vec.low();
  const auto& now = g.gpu->clock_event_reasons;
  const bool brake = std::find(now.begin(), now.end(), "hw-power-brake") != now.end() ||
                     std::find(load.reasons.begin(), load.reasons.end(), "hw-power-brake") != load.reasons.end();
  if (!limit_low && !brake && !(compute_low && !reasons.empty())) return;

  std::string conf;
  if (brake) conf = "high";
  else if (limit_low) conf = binding || compute_low ? "high" : "low";
  else conf = "medium";  // reasons with low compute at the default limit
  // A TDP stands in for a default some boards set differently: one step less sure.
  if (def_name != "board default" && conf == "high") conf = "medium";
  Verdict v = make_verdict(finding_id::kPowerCapped, g.index(), conf, "", "");
  Finding& f = v.finding;
  if (limit_low) {
    f.evidence.push_back("power limit " + fmt_num(limit, 0) + " W, " + def_name + " " + fmt_num(def, 0) + " W (" +
                         fmt_pct(limit / def) + "; threshold " + fmt_pct(t.rules.power_limit_fraction) + ")");
    f.figures["power_limit_w"] = limit;
    f.figures["default_limit_w"] = def;
    v.short_text = "power limit " + fmt_num(limit, 0) + " W of " + fmt_num(def, 0) + " W";
  } else {
    v.short_text = brake ? "HW power brake active" : "power-cap clock events under load";
  }
  if (brake) {
    std::string clock;
    if (g.gpu->clocks.sm_now_mhz && g.gpu->clocks.sm_max_mhz)
      clock = " (SM clock " + std::to_string(*g.gpu->clocks.sm_now_mhz) + " of " + std::to_string(*g.gpu->clocks.sm_max_mhz) + " MHz)";
    f.evidence.push_back("HW Power Brake Slowdown is active" + clock +
                         ": the system's power supply or BMC is holding the card's clocks down");
  }
  if (!reasons.empty()) f.evidence.push_back("clock-event reasons under load (" + load.sources() + "): " + join(reasons));
  if (load.power_w && limit > 0) {
    f.evidence.push_back("power under load up to " + fmt_num(load.power_w->max, 0) + " W of the " + fmt_num(limit, 0) +
                         " W limit (" + fmt_pct(load.power_w->max / limit) + (at_limit ? ": at the limit" : ": below it") + ")");
    f.figures["power_under_load_w"] = load.power_w->max;
  }
  std::string from;
  if (const auto maxc = g.sm_max_mhz(&from); maxc && load.sm_clock_mhz) {
    f.evidence.push_back("SM clock under load " + fmt_num(load.sm_clock_mhz->median, 0) + " MHz median, " +
                         fmt_pct(load.sm_clock_mhz->median / *maxc) + " of " + from);
    f.figures["sm_clock_under_load_mhz"] = load.sm_clock_mhz->median;
  }
  if (limit_low && !binding && !compute_low)
    f.evidence.push_back(load.present() ? "under load the card stayed below the limit: a heavier job will hit it"
                                        : "no telemetry under load shows whether the limit binds");
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

  std::string sum = limit_low ? "The power limit is " + fmt_num(limit, 0) + " W, " + fmt_pct(limit / def) + " of the " +
                                    (def_name == "board default" ? "board's " + fmt_num(def, 0) + " W default"
                                                                 : "model's " + fmt_num(def, 0) + " W TDP")
                              : brake ? "The platform holds the card down with its HW power brake (an external signal: "
                                        "check the power supplies and the BMC's power policy)"
                                      : "The card hits its power cap under load";
  if (compute_low) sum += "; compute runs at " + fmt_pct(f.figures["compute_ratio"]) + " of a healthy card";
  else if (limit_low && binding) sum += ", and the card runs into it under load";
  else if (tensor.present || vec.present) sum += "; compute is still within tolerance";
  if (mem.fine()) sum += " while memory bandwidth is unaffected";
  f.summary = sum + ".";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
