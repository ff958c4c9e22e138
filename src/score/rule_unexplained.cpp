// A key figure is below tolerance and no earlier rule found why. Rather than call such a card
// healthy, say what the pattern most likely means, with low confidence:
//   dense tensor compute low, vector compute fine -> software (the BLAS library or its kernel
//     choice for this card; the SMs themselves are fast)
//   compute low with every SM present and no power, heat or clock cause -> sliced (another
//     process shares the GPU: MPS or CUDA time-slicing leave no trace in the inventory)
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>

namespace gpuaudit {

void rule_unexplained(GpuScoring& g, const Thresholds& /*t*/) {
  for (const auto& v : g.verdicts)
    if (v.finding.id != finding_id::kUnknownGpu) return;
  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  const GroupView mem = g.group(memory_figures());

  if (tensor.low() && vec.fine()) {
    const FigureScore& t0 = *tensor.figures.front();
    Verdict v = make_verdict(finding_id::kSoftware, g.index(), "low", "", t0.name + " at " + fmt_pct(tensor.ratio) + " with FP32 fine");
    v.finding.evidence.push_back(figure_evidence(t0));
    v.finding.evidence.push_back("vector compute is within tolerance: " + figure_evidence(*vec.figures.front()));
    std::string lib = g.doc->software.cublas_version ? " (cuBLAS " + *g.doc->software.cublas_version + ")" : "";
    v.finding.evidence.push_back("no power, thermal or clock cause was found");
    v.finding.figures["tensor_ratio"] = tensor.ratio;
    v.finding.summary = "Dense tensor math runs at " + fmt_pct(tensor.ratio) +
                        " while the SMs are at full speed: the BLAS library" + lib +
                        " or its kernel choice for this card is the likely cause.";
    g.verdicts.push_back(std::move(v));
    return;
  }
  if ((tensor.low() || vec.low()) && g.slice.kind == "full") {
    const double ratio = std::min(tensor.present ? tensor.ratio : 1.0, vec.present ? vec.ratio : 1.0);
    Verdict v = make_verdict(finding_id::kSliced, g.index(), "low", "", "throughput " + fmt_pct(ratio) + " with every SM present");
    for (const GroupView* grp : {&tensor, &vec, &mem})
      if (grp->present) v.finding.evidence.push_back(figure_with_telemetry(*grp->figures.front(), g.gpu->clocks.sm_max_mhz));
    v.finding.evidence.push_back("every SM is present and no power, thermal or clock cause was found");
    v.finding.figures["throughput_ratio"] = ratio;
    v.finding.summary = "Compute runs at " + fmt_pct(ratio) +
                        " of a healthy card with every SM present and no clock cause: another process probably "
                        "shares this GPU (MPS or CUDA time-slicing). Run again, and check nvidia-smi for other processes.";
    g.verdicts.push_back(std::move(v));
  }
}

}  // namespace gpuaudit
