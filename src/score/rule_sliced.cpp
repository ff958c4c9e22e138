// sliced: this GPU is a part of a card, or shares it.
//   MIG profile (high) | SM census below the model (high; the reported count alone: medium) |
//   reported memory below the model's, or allocatable memory below the reported (another process
//   holds it) | co-tenant preemption gaps at full SM count with throughput well below the model |
//   vGPU virtualization mode or a vGPU profile name ("NVIDIA A10-24Q", "GRID T4-8Q") | other
//   compute processes or utilisation above cotenant_util_pct in the inventory gpuaudit took
//   before its own work (co-tenants, medium; high when a figure shows the loss) | a vGPU host's
//   view of a physical board carrying vGPUs (`nvidia-smi vgpu`, extra.vgpus: medium; high with
//   two or more, the board then time-sliced between guests).
// State alone decides MIG, vGPU and co-tenants (no reference needed); a low figure raises the
// confidence. Full-GPU passthrough ("passthrough") is a whole card in a VM: not a slice.
// Each judgement is a file of its own (score/sliced_signs.hpp); this one joins them into one finding
// in the order it prints and raises its confidence where two signs agree.
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"
#include "score/sliced_signs.hpp"
#include "text/format.hpp"

namespace gpuaudit {

using namespace sliced;

void rule_sliced(GpuScoring& g, const Thresholds& t) {
  SlicedFinding out{make_verdict(finding_id::kSliced, g.gpu->index, "", "", ""), {}, {}};
  judge_partition(g, out);
  const std::optional<double> tp = throughput_ratio(g);
  const std::optional<std::string> memory = judge_memory(g, t, out);
  const std::optional<double> gap_us = judge_preemption(g, t, tp, out);
  const bool cotenant = judge_inventory_cotenants(g, t, out);
  const bool low_throughput = tp && *tp < t.rules.shared_throughput_max;
  judge_vgpu_guest(g, memory || gap_us || cotenant || low_throughput, out);
  judge_vgpu_host(g, out);
  if (memory) {
    out.raise(is_vgpu_guest(*g.gpu) ? "high" : "medium");
    out.shorts.push_back(*memory);
  }
  if (gap_us) {
    out.raise("high");
    out.shorts.push_back("preemption gaps up to " + fmt_num(*gap_us / 1000.0, 1) + " ms");
  }
  if (cotenant) {
    // Seen, not measured: high only when a figure shows the loss as well.
    out.raise(gap_us || low_throughput ? "high" : "medium");
    out.shorts.push_back("co-tenants on the GPU");
  }
  const SliceShare& s = g.slice;
  auto& shorts = out.shorts;
  auto& summary = out.summary;
  Verdict& v = out.v;
  Finding& f = out.f();
  if (f.confidence.empty()) return;

  if (s.kind != "full") {
    // What the slice delivers against its share: a healthy slice sits near 100% here.
    for (const auto* names : {&tensor_figures(), &vector_figures(), &memory_figures()})
      if (const FigureScore* fs = g.first_scored(*names)) f.evidence.push_back(figure_evidence(*fs));
  }
  if (tp && s.kind == "full") {
    const GroupView tensor = g.group(tensor_figures());
    const GroupView vec = g.group(vector_figures());
    for (const GroupView* grp : {&tensor, &vec})
      if (grp->present) f.evidence.push_back(figure_evidence(*grp->figures.front()));
    shorts.push_back(fmt_pct(*tp) + " throughput");
  }
  std::string sum;
  for (const auto& x : summary) sum += (sum.empty() ? "" : "; ") + x;
  f.summary = sum + ".";
  v.short_text = join(shorts);
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
