// pcie-degraded: the host link gives less than the card and its slot can do.
//   Link: the generation or width seen UNDER LOAD (GpuScoring::under_load: the pcie/* copies,
//   the heavy benchmarks, an imported timeline's link columns, an nvidia-smi snapshot taken at
//   high utilisation) is below what card and slot support together (nvidia-smi's "Max"), else
//   the GPU's own maximum, else the model's. State alone decides it; no copy figure is needed.
//   An idle link downshifts to Gen1 to save power, so an idle inventory's gen_now/width_now is
//   never judged.
//   Copies: pinned copies below tolerance of the model's reference (twice the tolerance when the
//   reference is uncertain; not when the copy's fastest sample reaches it), or below pcie_link_efficiency x the raw rate of the link they ran on - unless the link is fine and
//   numa-misplaced already explained them (the far node copies at full speed).
// Only judged when a pcie/* copy ran on this GPU or the link was seen under load.
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

std::string link_name(std::optional<int> gen, std::optional<int> width) {
  return "Gen" + (gen ? std::to_string(*gen) : std::string("?")) + " x" + (width ? std::to_string(*width) : std::string("?"));
}

// A copy below its reference counts when the reference is a measurement of the model. Most PCIe
// references are uncertain: the link's typical rate, which spreads across hosts (Gen3 x16 pinned
// H2D gives 9.6-12.4 GB/s between a cloud VM and bare metal, quick-mode bandwidthTest sits low).
// Below an uncertain one a copy counts only at twice the tolerance; short of that the link test
// (pcie_link_efficiency x the raw rate) decides, which holds for every host.
// The path's capability shows in a copy's fastest sample: a slower generation or width, an IOMMU or
// a switch caps every sample, while traffic from elsewhere (another tenant's DMA, host memory busy
// at that moment) lowers only some. A copy whose median is low but whose fastest sample reaches the
// reference within tolerance shows a path that can do it: no evidence against the link.
bool fastest_sample_reaches_reference(const FigureScore& f) {
  if (!f.bench || !f.bench->summary || f.bench->summary->n < 2 || !f.expected || !f.higher_is_better) return false;
  return f.bench->summary->max >= *f.expected * (1.0 - f.tolerance);
}

bool copy_below_reference(const FigureScore& f) {
  if (!f.low() || fastest_sample_reaches_reference(f)) return false;
  if (!f.uncertain || !f.ratio) return true;
  return *f.ratio < 1.0 - 2 * f.tolerance;
}

}  // namespace

void rule_pcie(GpuScoring& g, const Thresholds& t) {
  std::vector<const FigureScore*> copies;
  for (const auto& n : pcie_link_figures())
    if (const FigureScore* f = g.figure(n)) copies.push_back(f);

  const PcieInfo& link = g.gpu->pcie;
  const Baseline* b = g.baseline();
  // A card whose host link is not PCIe (GH200's NVLink-C2C) has no pcie_gen in its baseline.
  if (b && !b->pcie_gen && !b->host_interface.empty() && b->host_interface.find("PCIe") == std::string::npos) return;
  // What the link can do: the card and the slot together ("Max" in nvidia-smi, the lower of the
  // two ends), else the GPU's own maximum, else the model's.
  std::optional<int> gen_exp = link.gen_max ? link.gen_max : link.gen_gpu_max ? link.gen_gpu_max : (b ? b->pcie_gen : std::nullopt);
  std::optional<int> width_exp = link.width_max ? link.width_max : (b ? b->pcie_width : std::nullopt);
  // A plain int (0: unknown): GCC 12 misreads optional<int> here (-Wmaybe-uninitialized).
  const int gpu_gen = link.gen_gpu_max ? *link.gen_gpu_max : (b && b->pcie_gen ? *b->pcie_gen : 0);

  const LoadTelemetry& load = g.under_load();
  const std::optional<int> gen_seen = load.pcie_gen_max_seen, width_seen = load.pcie_width_max_seen;
  if (copies.empty() && !load.link_seen()) return;  // nothing saw the link under load
  const bool gen_low = gen_seen && gen_exp && *gen_seen < *gen_exp;
  const bool width_low = width_seen && width_exp && *width_seen < *width_exp;
  const bool link_low = gen_low || width_low;

  // Copy rate: against the model's reference, and against the raw rate of the link it ran on.
  const FigureScore* best = nullptr;  // the faster of the one-way pinned copies
  for (const FigureScore* f : copies)
    if (f->name != "pcie/bidir_pinned" && (!best || f->value > best->value)) best = f;
  bool copy_low_ref = false;
  const FigureScore* slowest_low = nullptr;  // the one-way copy that counts against the link, lowest ratio first
  for (const FigureScore* f : copies) {
    if (f->name == "pcie/bidir_pinned" || !copy_below_reference(*f)) continue;
    copy_low_ref = true;
    if (!slowest_low || (f->ratio && slowest_low->ratio && *f->ratio < *slowest_low->ratio)) slowest_low = f;
  }
  bool copy_low_link = false;
  double raw = 0;
  const std::optional<int> gen_used = gen_seen ? gen_seen : gen_exp;
  const std::optional<int> width_used = width_seen ? width_seen : width_exp;
  if (best && gen_used && width_used) {
    raw = pcie_lane_gbs(*gen_used) * *width_used;
    copy_low_link = raw > 0 && best->unit == "GB/s" && best->value < t.rules.pcie_link_efficiency * raw;
  }
  if (!link_low && !copy_low_ref && !copy_low_link) return;
  // Slow copies from the "near" node with a healthy link are the NUMA verdict's, not the link's.
  if (!link_low && g.has(finding_id::kNumaMisplaced)) return;

  const bool copy_low = copy_low_ref || copy_low_link;
  Verdict v = make_verdict(finding_id::kPcieDegraded, g.index(), link_low && copy_low ? "high" : "medium", "", "");
  Finding& f = v.finding;
  if (gen_seen || width_seen) {
    f.evidence.push_back("under load (" + join(load.link_from) + ") the link ran at best at " + link_name(gen_seen, width_seen) +
                         "; card and slot together do " + link_name(gen_exp, width_exp));
    if (gen_seen) f.figures["pcie_gen_under_load"] = *gen_seen;
    if (width_seen) f.figures["pcie_width_under_load"] = *width_seen;
  } else {
    f.evidence.push_back("no link telemetry under load: judged on the copy rate only");
  }
  if (link.gen_max && gpu_gen > 0 && *link.gen_max < gpu_gen)
    f.evidence.push_back("the link (card and slot together) tops out at Gen" + std::to_string(*link.gen_max) + " while the " +
                         (b ? b->model : std::string("GPU")) + " does Gen" + std::to_string(gpu_gen) +
                         ": the slot or a riser holds it back");
  if (link.gen_now || link.width_now)
    f.evidence.push_back("at idle: " + link_name(link.gen_now, link.width_now) +
                         " (an idle link may downshift; not judged)");
  for (const FigureScore* c : copies) f.evidence.push_back(figure_evidence(*c));
  if (best && raw > 0) {
    f.evidence.push_back("raw rate of " + link_name(gen_used, width_used) + ": " + fmt_num(raw, 1) + " GB/s; " +
                         best->name + " reaches " + fmt_pct(best->value / raw) + " of it (threshold " +
                         fmt_pct(t.rules.pcie_link_efficiency) + ")");
    f.figures["copy_fraction_of_link"] = best->value / raw;
  }
  if (best && best->ratio) f.figures["copy_ratio"] = *best->ratio;

  if (link_low)
    v.short_text = link_name(gen_seen ? gen_seen : gen_exp, width_seen ? width_seen : width_exp) + " under load (" +
                   link_name(gen_exp, width_exp) + " expected)";
  else
    v.short_text = slowest_low && slowest_low->ratio
                       ? slowest_low->name + " at " + fmt_pct(*slowest_low->ratio) + " of expected"
                       : "host copies at " + (best && best->ratio ? fmt_pct(*best->ratio) + " of expected" : "below the link's rate");
  f.summary = link_low ? "The host link runs at " + link_name(gen_seen ? gen_seen : gen_exp, width_seen ? width_seen : width_exp) +
                             " under load instead of " + link_name(gen_exp, width_exp) +
                             (copy_low ? ", and host<->GPU copies are slow" : "") +
                             ": data loading and host offload are slower. Check the slot, riser and BIOS link settings."
                       : "Host<->GPU copies are slower than the link should give (" +
                             (best ? fmt_value(best->value, best->unit) : std::string("?")) +
                             "): an IOMMU, a PCIe switch or host memory holds them back.";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
