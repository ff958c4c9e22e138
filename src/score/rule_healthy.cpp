// healthy: no finding on this GPU, a known model, and every key figure (families.hpp: tensor,
// GEMM, SM rates, memory bandwidth, pinned copies) within tolerance of the model's measured
// achievable value. A GPU with no key figure measured gets no verdict at all.
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

void rule_healthy(GpuScoring& g, const Thresholds& /*t*/) {
  if (!g.verdicts.empty() || g.ref.unknown_model()) return;
  std::vector<const FigureScore*> key;
  for (const auto& f : g.figures)
    if (f.ratio && family_of(f.name).key) {
      if (f.low()) return;  // defensive: rule_unexplained should have spoken
      key.push_back(&f);
    }
  if (key.empty()) return;
  const Baseline& b = *g.baseline();
  Verdict v = make_verdict("healthy", g.index(), "high", "", "healthy");
  for (const FigureScore* f : key) v.finding.evidence.push_back(figure_evidence(*f));
  v.finding.figures["key_figures"] = static_cast<double>(key.size());
  std::string what = g.slice.kind == "mig" ? "a healthy " + g.slice.profile + " slice of " + a_model(b.model) : "a healthy " + b.model;
  v.finding.summary = "Every key figure (" + std::to_string(key.size()) + ") is within tolerance of " + what + ".";
  if (g.gpu->virtualization_mode && *g.gpu->virtualization_mode == "passthrough")
    v.finding.evidence.push_back("virtualization mode passthrough: the whole card is given to this VM (not a slice)");
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
