// numa-misplaced: host memory on the far NUMA node copies to this GPU much faster or much slower
// than memory on its own node.
//   pcie/h2d_pinned copies from the GPU's own node; pcie/h2d_pinned_remote from the farthest.
//   Far faster than near (> numa_remote_faster): the GPU's NUMA affinity is wrong (the "own" node
//   is not the one the GPU hangs off) - high. Far much slower (< numa_remote_slower): placement
//   matters on this host, and a job whose buffers land on the far node loses that much - medium.
//   Imported bandwidthTest runs pinned with numactl to two nodes (params.host_numa_node) are the same
//   pair: swapped when the GPU's own node is known to be the "remote" run's; with the GPU's node
//   unknown the faster run is taken as near, so only the "placement matters" finding can follow.
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"

#include <optional>
#include <utility>

namespace gpuaudit {

namespace {

std::optional<int> host_node(const BenchmarkResult& b) {
  if (auto it = b.params.find("host_numa_node"); it != b.params.end() && it->is_number_integer()) return it->get<int>();
  return std::nullopt;
}

}  // namespace

void rule_numa(GpuScoring& g, const Thresholds& t) {
  const BenchmarkResult* near_b = g.bench("pcie/h2d_pinned");
  const BenchmarkResult* far_b = g.bench("pcie/h2d_pinned_remote");
  if (!near_b || !far_b) return;
  // Imported runs pinned with numactl name their host node: the first run keeps the plain name
  // whichever node it used, so when the GPU's own node is known and is the other run's, swap.
  if (g.gpu->numa_node && host_node(*far_b) == g.gpu->numa_node && host_node(*near_b) != g.gpu->numa_node)
    std::swap(near_b, far_b);
  // Two numactl runs and the GPU's node unknown: which is "own" cannot be read off the document, so
  // the faster run is taken as near - the finding is then that placement matters, never that the
  // GPU's affinity is wrong.
  if (!g.gpu->numa_node && host_node(*near_b) && host_node(*far_b) && near_b->value() && far_b->value() &&
      *far_b->value() > *near_b->value())
    std::swap(near_b, far_b);
  const auto near_v = near_b->value(), far_v = far_b->value();
  if (!near_v || !far_v || *near_v <= 0) return;
  const double r = *far_v / *near_v;
  const bool faster = r > t.rules.numa_remote_faster;
  const bool slower = r < t.rules.numa_remote_slower;
  if (!faster && !slower) return;

  std::string node = g.gpu->numa_node ? "node " + std::to_string(*g.gpu->numa_node) : std::string("its own node");
  if (!g.gpu->numa_node && host_node(*near_b)) node = "node " + std::to_string(*host_node(*near_b));
  const std::string far_node = host_node(*far_b) ? "node " + std::to_string(*host_node(*far_b)) : std::string("the far node");
  Verdict v = make_verdict(finding_id::kNumaMisplaced, g.index(), faster ? "high" : "medium", "", "");
  Finding& f = v.finding;
  f.evidence.push_back("pcie/h2d_pinned (host memory on " + node + "): " + fmt_value(*near_v, near_b->unit));
  f.evidence.push_back("pcie/h2d_pinned_remote (host memory on " + far_node + "): " + fmt_value(*far_v, far_b->unit) + " (" +
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
