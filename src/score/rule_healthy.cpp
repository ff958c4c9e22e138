// healthy: said explicitly, on the evidence judged, which the finding lists.
//   Per GPU: no finding on this GPU, a known model, and either every key figure (families.hpp:
//   tensor, GEMM, SM rates, memory bandwidth, pinned copies) within tolerance of the model's
//   measured achievable value (high), or - with no key figure - telemetry under load that every
//   rule read and none objected to: the SM clock against its max, the reasons, power against the
//   limit, temperature, the link (medium: what the card delivers was not measured).
//   Document-wide (gpu null): the multi-GPU figures (nccl/*, p2p/*) have an expectation (their
//   own or the topology baseline's) and all are within tolerance, and no GPU has NVLink links
//   down: the machine is healthy on them.
// A GPU with neither gets no healthy verdict: rule_inconclusive says what is missing. A machine-wide
// finding later turns a GPU's healthy verdict into a note (assess.cpp).
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

namespace {

// What the telemetry under load showed, one line each; empty when it cannot judge the clock.
std::vector<std::string> telemetry_judged(const GpuScoring& g) {
  const LoadTelemetry& load = g.under_load();
  std::string from;
  const auto maxc = g.sm_max_mhz(&from);
  if (!load.present() || !load.sm_clock_mhz || !maxc) return {};
  std::vector<std::string> out;
  out.push_back("under load (" + load.sources() + "): SM clock " + fmt_num(load.sm_clock_mhz->median, 0) + " MHz median, " +
                fmt_pct(load.sm_clock_mhz->median / *maxc) + " of " + from);
  if (!load.reasons.empty()) out.push_back("clock-event reasons under load: " + join(load.reasons) + " (none a fault here)");
  else if (load.reasons_read) out.push_back("no clock-event reason under load");
  else out.push_back("no clock-event reasons logged by these sources");
  if (load.power_w) {
    std::string p = "power up to " + fmt_num(load.power_w->max, 0) + " W";
    if (const auto lim = g.power_limit_w()) p += " of its " + fmt_num(*lim, 0) + " W limit";
    out.push_back(p);
  }
  if (load.temperature_c) {
    std::string tl = "up to " + fmt_num(load.temperature_c->max, 0) + " C";
    if (const auto slow = g.slowdown_temperature_c()) tl += " (slowdown at " + fmt_num(*slow, 0) + " C)";
    out.push_back(tl);
  }
  if (load.link_seen())
    out.push_back("link under load Gen" + (load.pcie_gen_max_seen ? std::to_string(*load.pcie_gen_max_seen) : std::string("?")) +
                  " x" + (load.pcie_width_max_seen ? std::to_string(*load.pcie_width_max_seen) : std::string("?")));
  return out;
}

std::string b_model_of(const GpuScoring& g) { return g.baseline()->model + " (" + g.baseline()->id + ")"; }

}  // namespace

void rule_healthy(GpuScoring& g, const Thresholds& /*t*/) {
  if (!g.verdicts.empty() || !g.baseline()) return;
  std::vector<const FigureScore*> key;
  for (const auto& f : g.figures)
    if (f.ratio && family_of(f.name).key) {
      if (f.low()) return;  // defensive: rule_unexplained should have spoken
      key.push_back(&f);
    }
  const std::vector<std::string> tel = telemetry_judged(g);
  if (key.empty() && tel.empty()) return;
  const Baseline& b = *g.baseline();
  // Against an architecture estimate (an unknown model) healthy is said one step less sure.
  const bool estimated = g.ref.unknown_model();
  Verdict v = make_verdict(finding_id::kHealthy, g.index(), key.empty() || estimated ? "medium" : "high", "",
                           estimated ? "healthy (estimated)" : "healthy");
  if (estimated)
    v.finding.evidence.push_back("no baseline for this model: judged against " + b_model_of(g) +
                                 ", an architecture estimate with wider tolerances");
  for (const FigureScore* f : key) v.finding.evidence.push_back(figure_evidence(*f));
  for (const auto& line : tel) v.finding.evidence.push_back(line);
  v.finding.figures["key_figures"] = static_cast<double>(key.size());
  std::string what = g.slice.kind == "mig" ? "a healthy " + g.slice.profile + " slice of " + a_model(b.model) : "a healthy " + b.model;
  if (!key.empty())
    v.finding.summary = "Every key figure (" + std::to_string(key.size()) + ") is within tolerance of " + what + ".";
  else
    v.finding.summary = "Under load no fault shows on this " + b.model +
                        " (clock, reasons, power, temperature, link); no benchmark figure measured what it delivers.";
  if (g.gpu->virtualization_mode && *g.gpu->virtualization_mode == "passthrough")
    v.finding.evidence.push_back("virtualization mode passthrough: the whole card is given to this VM (not a slice)");
  g.verdicts.push_back(std::move(v));
}

void rule_machine_healthy(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  if (!out.empty()) return;  // the collectives rule, the one document rule before this, found them slow
  for (const auto& g : *d.gpus)
    if (g.has(finding_id::kNvlinkDegraded) || g.has(finding_id::kNoNvlink)) return;
  std::vector<const FigureScore*> judged;
  bool all_uncertain = true;
  for (const auto& f : d.shared)
    if ((f.family == "nccl" || f.family == "p2p") && f.ratio && !(f.bench && is_staged_peer_copy(*f.bench))) {
      if (f.low()) return;
      judged.push_back(&f);
      all_uncertain &= f.uncertain;
    }
  if (judged.empty()) return;
  Verdict v = make_verdict(finding_id::kHealthy, std::nullopt, all_uncertain ? "medium" : "high", "", "healthy");
  for (const FigureScore* f : judged) {
    std::string e = figure_evidence(*f);
    if (!f->source.empty()) e += "; reference: " + f->source;
    v.finding.evidence.push_back(std::move(e));
  }
  int without = 0;
  for (const auto& g : *d.gpus) without += g.verdicts.empty() ? 1 : 0;
  if (without > 0)
    v.finding.evidence.push_back(std::to_string(without) + (without == 1 ? " GPU has" : " GPUs have") +
                                 " no per-GPU figure or telemetry: judged on these multi-GPU figures only");
  v.finding.figures["multi_gpu_figures"] = static_cast<double>(judged.size());
  v.finding.summary = "GPU-to-GPU figures (" + std::to_string(judged.size()) +
                      ") are within tolerance of the machine's topology: the GPUs and the fabric between them deliver.";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
