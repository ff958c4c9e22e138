// numa-misplaced: host memory on the far NUMA node copies to this GPU much faster or much slower
// than memory on its own node.
//   pcie/h2d_pinned copies from the GPU's own node; pcie/h2d_pinned_remote from the farthest.
//   Far faster than near (> numa_remote_faster): the GPU's NUMA affinity is wrong (the "own" node
//   is not the one the GPU hangs off) - high. Far much slower (< numa_remote_slower): placement
//   matters on this host, and a job whose buffers land on the far node loses that much - medium.
#include "report/format.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

void rule_numa(GpuScoring& g, const Thresholds& t) {
  const BenchmarkResult* near_b = g.bench("pcie/h2d_pinned");
  const BenchmarkResult* far_b = g.bench("pcie/h2d_pinned_remote");
  if (!near_b || !far_b) return;
  const auto near_v = near_b->value(), far_v = far_b->value();
  if (!near_v || !far_v || *near_v <= 0) return;
  const double r = *far_v / *near_v;
  const bool faster = r > t.rules.numa_remote_faster;
  const bool slower = r < t.rules.numa_remote_slower;
  if (!faster && !slower) return;

  const std::string node = g.gpu->numa_node ? "node " + std::to_string(*g.gpu->numa_node) : std::string("its own node");
  Verdict v = make_verdict("numa-misplaced", g.index(), faster ? "high" : "medium", "", "");
  Finding& f = v.finding;
  f.evidence.push_back("pcie/h2d_pinned (host memory on " + node + "): " + fmt_value(*near_v, near_b->unit));
  f.evidence.push_back("pcie/h2d_pinned_remote (host memory on the far node): " + fmt_value(*far_v, far_b->unit) + " (" +
                       fmt_num(r, 2) + "x; thresholds " + fmt_num(t.rules.numa_remote_slower, 2) + "-" +
                       fmt_num(t.rules.numa_remote_faster, 2) + ")");
  f.figures["remote_to_local"] = r;
  if (faster) {
    v.short_text = "far NUMA node copies " + fmt_num(r, 2) + "x faster";
    f.summary = "Copies from the far NUMA node are " + fmt_num(r, 2) + "x as fast as from " + node +
                ": the GPU's NUMA affinity is wrong, so processes pinned \"near\" the GPU are in fact far from it.";
  } else {
    v.short_text = "far NUMA node copies at " + fmt_pct(r);
    f.summary = "Host memory on the far NUMA node copies at " + fmt_pct(r) + " of " + node +
                ": pin the data loader and its buffers to " + node + " (numactl --cpunodebind --membind).";
  }
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
