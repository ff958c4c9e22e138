#include "score/topology_expectation.hpp"

#include "core/error.hpp"

namespace gpuaudit {

namespace {

std::optional<int> gpu_pcie_gen(const GpuScoring& g) {
  const PcieInfo& p = g.gpu->pcie;
  if (p.gen_gpu_max) return p.gen_gpu_max;
  if (const Baseline* b = g.baseline(); b && b->pcie_gen) return b->pcie_gen;
  return p.gen_max;
}

int param_int(const json& params, const char* key, int fallback) {
  if (auto it = params.find(key); it != params.end() && it->is_number_integer()) return it->get<int>();
  return fallback;
}

void set_expectation(FigureScore& f, double expected, const std::string& source, bool uncertain, double tolerance) {
  f.expected = f.expected_full = expected;
  f.ratio = f.ratio_full = f.value / expected;
  f.source = source;
  f.uncertain = uncertain;
  f.tolerance = tolerance;
  f.state = *f.ratio < 1.0 - tolerance ? "low" : *f.ratio > 1.0 + tolerance ? "high" : "ok";
}

}  // namespace

void expect_from_topology(std::vector<FigureScore>& shared, const std::vector<GpuScoring>& gpus,
                          const std::vector<multigpu::TopologyBaseline>& set, const Thresholds& t) {
  if (gpus.empty() || set.empty()) return;
  const GpuScoring& g0 = gpus.front();
  const multigpu::TopologyBaselineMatch m = multigpu::match_topology_baseline(set, g0.gpu->name, gpu_pcie_gen(g0));
  if (!m.baseline) return;
  const multigpu::TopologyBaseline& tb = *m.baseline;
  const std::string why = "topology baseline " + tb.id + " (matched by " + (m.method == "name" ? "GPU name" : "PCIe generation") +
                          ", looked up at score time)";
  for (FigureScore& f : shared) {
    if (f.ratio || !f.bench || f.value <= 0) continue;
    const BenchmarkResult& b = *f.bench;
    const double tol = t.tolerance_for(b.name, tb.expected.tolerance);
    if (b.name == "nccl/allreduce") {
      if (param_int(b.params, "nodes", 1) > 1) continue;  // the profiles are of one node
      const int n = param_int(b.params, "gpus", static_cast<int>(gpus.size()));
      if (n < 2) continue;
      const auto e = multigpu::expected_allreduce_busbw(tb, n);
      if (!e || e->value <= 0) continue;
      set_expectation(f, e->value, why + ": " + e->source, e->uncertain, tol);
    } else if (b.name == "p2p/matrix") {
      const std::string dir = b.params.value("direction", std::string("one-way"));
      if (dir != "one-way" && dir != "uni") continue;  // bidirectional copies have no profile figure
      const bool peer = b.params.value("peer_access", true);
      const Sourced* e = peer ? &tb.expected.p2p_gbs_peer_on : &tb.expected.p2p_gbs_peer_off;
      if (peer && tb.expected.p2p_gbs_peer_on_across_sockets) e = &*tb.expected.p2p_gbs_peer_on_across_sockets;
      if (e->value <= 0 || !b.summary) continue;
      const double weakest = b.summary->min;
      FigureScore& x = f;
      set_expectation(x, e->value, why + ": " + e->source, e->uncertain, tol);
      x.ratio = x.ratio_full = weakest / e->value;  // the weakest pair decides, as rows.cpp does
      x.state = *x.ratio < 1.0 - tol ? "low" : *x.ratio > 1.0 + tol ? "high" : "ok";
    }
  }
}

const std::vector<multigpu::TopologyBaseline>& default_topology_baselines() {
  static const std::vector<multigpu::TopologyBaseline> set = [] {
    try {
      return multigpu::load_topology_baselines(multigpu::default_topology_baselines_dir());
    } catch (const Error&) {
      return std::vector<multigpu::TopologyBaseline>{};
    }
  }();
  return set;
}

}  // namespace gpuaudit
