#include "score/topology_expectation.hpp"

#include "core/error.hpp"
#include "text/format.hpp"
#include "score/nvlink_links.hpp"

#include <algorithm>

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

// The fewest NVLinks joining any two GPUs of the document's topology when every pair is joined by
// direct NVLink (a bridged pair, a mesh); nullopt when a pair crosses PCIe or goes through NVSwitch
// (a switched board has its own profile) or there is no topology.
std::optional<int> fewest_direct_nvlinks(const ResultDocument& doc) {
  auto t = doc.extra.find("topology");
  if (t == doc.extra.end() || !t->is_object()) return std::nullopt;
  auto pairs = t->find("pairs");
  if (pairs == t->end() || !pairs->is_array() || pairs->empty()) return std::nullopt;
  int fewest = 0;
  for (const auto& p : *pairs) {
    if (!p.is_object() || p.value("via_nvswitch", false)) return std::nullopt;
    const int n = p.value("nvlinks", 0);
    if (n <= 0) return std::nullopt;
    fewest = fewest == 0 ? n : std::min(fewest, n);
  }
  return fewest;
}

// What a one-way peer copy reaches over NVLink, as a share of the link's nominal rate: from the
// NVLink profiles of the set (HGX H100 376 of 450 GB/s, HGX A100 237 of 300). The profile of the
// GPU's generation is preferred, a measured figure over a derived one, then the lowest share.
const multigpu::TopologyBaseline* nvlink_efficiency_profile(const std::vector<multigpu::TopologyBaseline>& set, int generation,
                                                            double* share) {
  const multigpu::TopologyBaseline* pick = nullptr;
  auto rank = [&](const multigpu::TopologyBaseline& b) {
    const bool same_gen = b.link.nvlink_generation && *b.link.nvlink_generation == generation;
    return std::make_pair(same_gen ? 0 : 1, b.expected.p2p_gbs_peer_on.uncertain ? 1 : 0);
  };
  for (const auto& b : set) {
    if (b.link.kind != "nvlink" || b.link.gbs_per_direction.value <= 0 || b.expected.p2p_gbs_peer_on.value <= 0) continue;
    const double r = b.expected.p2p_gbs_peer_on.value / b.link.gbs_per_direction.value;
    if (!pick || rank(b) < rank(*pick) || (rank(b) == rank(*pick) && r < *share)) {
      pick = &b;
      *share = r;
    }
  }
  return pick;
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
      // the profiles are of one node: not a run over several, nor one whose nodes are not known
      if (param_int(b.params, "nodes", 1) > 1 || b.params.value("scope", std::string("node")) != "node") continue;
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
      // A PCIe profile does not describe GPUs joined by direct NVLink (a bridged RTX 3090 / A6000 /
      // H100 PCIe pair): with peer access on, their copies take the links, so the expectation
      // follows the link type seen - the fewest links of any pair, at one link's rate for the model,
      // at the share of the rate a peer copy reaches on NVLink profiles.
      const Baseline* gb = g0.baseline();
      const auto links = fewest_direct_nvlinks(*g0.doc);
      double share = 0;
      const multigpu::TopologyBaseline* eff = nullptr;
      if (peer && links && tb.link.kind != "nvlink" && gb && expected_nvlink_links(*gb) > 0 &&
          (eff = nvlink_efficiency_profile(set, nvlink_generation_of(*gb), &share)) && share > 0) {
        const double per_link = nvlink_gbs_per_link(*gb) / 2.0;  // one direction
        const double expected = *links * per_link * share;
        const std::string src = "derived from the topology seen (looked up at score time): NV" + std::to_string(*links) +
                                " between the weakest pair x " + fmt_num(per_link, 2) + " GB/s per link and direction (" +
                                gb->model + ") x " + fmt_num(share, 2) + ", the share of the link rate a peer copy reaches on " +
                                eff->id + " (" + eff->expected.p2p_gbs_peer_on.source + ")";
        set_expectation(x, expected, src, true, t.tolerance_for(b.name, eff->expected.tolerance));
        const double etol = x.tolerance;
        x.ratio = x.ratio_full = weakest / expected;
        x.state = *x.ratio < 1.0 - etol ? "low" : *x.ratio > 1.0 + etol ? "high" : "ok";
        continue;
      }
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
