// unknown-gpu: no baseline matches this GPU's model (a model the evidence names; one it never names is
// inconclusive: there is nothing to look up). With an architecture estimate the GPU is judged
// like any other on that estimate (wider tolerances, the headline says "estimated") and a note says
// so; with no reference at all, unknown-gpu is the finding, and it means "could not judge the
// figures" (exit 6) - where there are figures: with nothing measured it is a note, and the GPU is
// inconclusive. Runs first: every later rule reads the reference this one reports on.
#include "core/finding_ids.hpp"
#include "score/rules.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

namespace {

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "; ") + l;
  return out;
}

std::string no_match_line(const GpuInfo& gpu) {
  return gpu.name.empty() ? std::string("the document names no model for this GPU") : "no baseline matches \"" + gpu.name + "\"";
}

Verdict unknown_verdict(const GpuScoring& g) {
  const GpuInfo& gpu = *g.gpu;
  std::string id = gpu.pci_device_id ? " (PCI id " + *gpu.pci_device_id + ")" : "";
  if (g.ref.baseline) {
    const Baseline& b = *g.ref.baseline;
    Verdict v = make_verdict(finding_id::kUnknownGpu, gpu.index, "high", "",
                             "no baseline, estimated from " + (b.architecture.empty() ? std::string("its architecture") : b.architecture) +
                                 " per-SM figures");
    v.finding.evidence.push_back(no_match_line(gpu) + id);
    v.finding.evidence.push_back("expectations: " + b.model + " (" + b.id + "), " +
                                 (g.ref.note.empty() ? "scaled per SM from its architecture's reference" : g.ref.note));
    v.finding.summary = "This model has no baseline: it was judged against " +
                        (b.architecture.empty() ? std::string("its architecture's") : b.architecture) +
                        " per-SM expectations, an estimate with wider tolerances; a baseline for it would be exact";
    return v;
  }
  // A name nvidia-smi's table cut ("NVIDIA GeForce RTX 408...") that several real models print: the
  // model is not known, whether or not the baselines describe it.
  const bool cut = g.ref.cut_name_ambiguous;
  Verdict v = make_verdict(finding_id::kUnknownGpu, gpu.index, "high", "",
                           cut ? "the table cut the name: the model cannot be told" : "no baseline for this model");
  v.finding.evidence.push_back(no_match_line(gpu) + id +
                               (gpu.compute_capability ? ", compute capability " + *gpu.compute_capability : std::string()));
  if (!g.ref.note.empty()) v.finding.evidence.push_back(g.ref.note);
  v.finding.summary = cut ? "nvidia-smi's table cut the name to \"" + gpu.name +
                                "\", which more than one model prints, so its figures are shown without a verdict. Import "
                                "`nvidia-smi -q` (or `nvidia-smi -L`) beside it, which print the whole name."
                      : "This model has no baseline and no architecture reference: its figures are shown without a "
                            "verdict. Add a baseline for it.";
  return v;
}

// A GPU the evidence never names (no model name, no PCI id: a dump cut to one section) is not an
// unknown model, there is nothing to look up: rule_inconclusive says what is missing, the name first.
bool unnamed(const GpuInfo& gpu) { return gpu.name.empty() && !gpu.pci_device_id; }

}  // namespace

void rule_unknown_gpu(GpuScoring& g, std::vector<std::string>& notes) {
  if (!g.ref.unknown_model() || unnamed(*g.gpu)) return;
  Verdict u = unknown_verdict(g);
  // With nothing measured (no figure, no telemetry under load: an idle table) a missing baseline
  // leaves nothing unjudged that a baseline would have judged: the GPU is inconclusive for want of
  // figures (rule_inconclusive), and the missing baseline a note.
  const bool nothing_measured = g.figures.empty() && !g.under_load().present();
  if (g.ref.baseline || nothing_measured)
    notes.push_back("GPU " + std::to_string(g.gpu->index) + ": " + u.finding.summary + " (" + join_lines(u.finding.evidence) + ")");
  else g.verdicts.push_back(std::move(u));
}

}  // namespace gpuaudit
