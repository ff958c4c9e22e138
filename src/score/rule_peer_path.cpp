// pcie-degraded (machine, gpu null): the direct path between two GPUs is slower than the same copy
//   staged through host memory. A peer copy crosses the GPUs' links once; a staged one
//   (p2pBandwidthLatencyTest's P2P=Disabled, cudaMemcpyPeer without peer access) crosses PCIe twice
//   and host memory between, pipelined so it runs at about one link's rate. A healthy peer path is
//   therefore at least about as fast as staging (PCIe peers measure 0.9-1.3x the staged rate, NVLink
//   peers many times it). Below peer_path_fraction of it, something on the path throttles peer
//   traffic: PCIe ACS sending it up to the root complex (NCCL's troubleshooting guide: disable ACS
//   for GPU peer traffic), an IOMMU translating it, a route across CPU sockets, or a platform whose
//   peer support is poor. NCCL and tensor-parallel exchanges that use P2P run at that slower rate.
//   From one tool's one-way matrices measured both ways in the same document, pair by pair; a pair
//   without peer access is no-peer-access's. Medium: the matrices say the path is slow, not why.
//   Not on MIG (no GPU-to-GPU P2P in MIG mode, by design).
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"
#include "text/format.hpp"

#include <algorithm>
#include <map>

namespace gpuaudit {

namespace {

struct PairRates {
  std::optional<double> peer, staged;
  bool no_access = false;
};
// tool -> (src, dst) -> rates
using Rates = std::map<std::string, std::map<std::pair<int, int>, PairRates>>;

// "p2pBandwidthLatencyTest (cudaMemcpyPeerAsync, P2P writes)" -> "p2pBandwidthLatencyTest".
std::string tool_of(const BenchmarkResult& b) {
  const std::string method = b.params.is_object() ? b.params.value("method", b.name) : b.name;
  return method.substr(0, method.find(" ("));
}

Rates one_way_rates(const ResultDocument& doc) {
  Rates r;
  for (const auto& b : doc.benchmarks) {
    if (b.name != "p2p/matrix" || !b.extra.is_object() || !b.extra.contains("pairs") || !b.extra["pairs"].is_array()) continue;
    if (b.params.is_object() && b.params.value("direction", std::string("one-way")) != "one-way") continue;
    const bool peer_on = b.params.is_object() && b.params.value("peer_access", false);
    auto& pairs = r[tool_of(b)];
    for (const auto& p : b.extra["pairs"]) {
      if (!p.is_object() || !p.contains("gbs") || !p["gbs"].is_number()) continue;
      const int a = p.value("src", -1), c = p.value("dst", -1);
      if (a < 0 || c < 0 || a == c) continue;
      PairRates& pr = pairs[{a, c}];
      pr.no_access |= (p.contains("peer_possible") && p["peer_possible"].is_boolean() && !p["peer_possible"].get<bool>()) ||
                      p.value("skipped", std::string()).find("no peer access") != std::string::npos;
      const double gbs = p["gbs"].get<double>();
      // Of two peer matrices (writes and reads), the faster: the path can do at least that.
      if (peer_on) pr.peer = std::max(pr.peer.value_or(0.0), gbs);
      else pr.staged = gbs;
    }
  }
  return r;
}

struct SlowPair {
  std::string tool;
  int src, dst;
  double peer, staged;
};

}  // namespace

void rule_peer_path(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out) {
  const ResultDocument& doc = *d.doc;
  for (const auto& g : doc.gpus)
    if (g.mig.is_mig_device || g.mig.mode_enabled.value_or(false)) return;
  std::vector<SlowPair> slow;
  int compared = 0;
  for (const auto& [tool, pairs] : one_way_rates(doc))
    for (const auto& [pair, pr] : pairs) {
      if (pr.no_access || !pr.peer || !pr.staged || *pr.staged <= 0) continue;
      ++compared;
      if (*pr.peer < t.rules.peer_path_fraction * *pr.staged) slow.push_back({tool, pair.first, pair.second, *pr.peer, *pr.staged});
    }
  if (slow.empty()) return;
  std::sort(slow.begin(), slow.end(), [](const SlowPair& a, const SlowPair& b) { return a.peer / a.staged < b.peer / b.staged; });
  Verdict v = make_verdict(finding_id::kPcieDegraded, std::nullopt, "medium", "", "");
  Finding& fi = v.finding;
  for (const auto& s : slow)
    if (fi.evidence.size() < 8)
      fi.evidence.push_back(s.tool + ": GPU" + std::to_string(s.src) + " -> GPU" + std::to_string(s.dst) + " " + fmt_num(s.peer, 2) +
                            " GB/s with peer access, " + fmt_num(s.staged, 2) + " GB/s staged through host memory (" +
                            fmt_pct(s.peer / s.staged) + ")");
  const SlowPair& worst = slow.front();
  fi.figures["slow_peer_pairs"] = static_cast<double>(slow.size());
  fi.figures["pairs_compared"] = static_cast<double>(compared);
  fi.figures["worst_peer_gbs"] = worst.peer;
  fi.figures["worst_staged_gbs"] = worst.staged;
  v.short_text = std::to_string(slow.size()) + " of " + std::to_string(compared) + " GPU pairs copy slower directly than through host memory";
  fi.summary = std::to_string(slow.size()) + " of " + std::to_string(compared) +
               " GPU pairs copy to each other more slowly with peer access than staged through host memory (worst GPU" +
               std::to_string(worst.src) + " -> GPU" + std::to_string(worst.dst) + ": " + fmt_num(worst.peer, 1) + " against " +
               fmt_num(worst.staged, 1) + " GB/s, " + fmt_pct(worst.peer / worst.staged) +
               "): the direct path between them is throttled (PCIe ACS routing peer traffic through the root complex, an IOMMU, "
               "or a route across CPU sockets), and NCCL and tensor-parallel exchanges that use it run at that rate. Ask the "
               "provider to disable ACS for GPU peer traffic; meanwhile NCCL_P2P_DISABLE=1 takes the faster host path.";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
