// nvlink-degraded (document-wide): collective or peer-to-peer bandwidth (nccl/*, p2p/*) below
// tolerance of the model's reference while no GPU has an NVLink link down: the fabric (NVSwitch,
// fabric manager) or the topology between the GPUs is slow. When a GPU already has links down,
// that verdict explains the slow collectives and this rule stays silent.
#include "score/evidence.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

void rule_collectives(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  for (const auto& g : *d.gpus)
    if (g.has("nvlink-degraded") || g.has("no-nvlink")) return;
  std::vector<const FigureScore*> low;
  for (const auto& f : d.shared)
    if ((f.family == "nccl" || f.family == "p2p") && f.low()) low.push_back(&f);
  if (low.empty()) return;
  Verdict v = make_verdict("nvlink-degraded", std::nullopt, "medium", "",
                           low.front()->name + " at " + fmt_pct(*low.front()->ratio));
  for (const FigureScore* f : low) {
    std::string e = figure_evidence(*f);  // names the variant: "nccl/allreduce bf16 in-place x8"
    if (!f->source.empty()) e += "; reference: " + f->source;
    v.finding.evidence.push_back(std::move(e));
  }
  v.finding.evidence.push_back("every GPU reports all its NVLink links up (or has none to report)");
  v.finding.figures["collective_ratio"] = *low.front()->ratio;
  v.finding.summary = "GPU-to-GPU collectives run at " + fmt_pct(*low.front()->ratio) +
                      " of the reference with every link up: the fabric or the topology between the GPUs is slow.";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
