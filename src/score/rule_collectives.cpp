// Document-wide GPU-to-GPU figures (nccl/*, p2p/*) below tolerance of their expectation (the
// row's own, else the topology baseline's looked up at score time, topology_expectation.hpp),
// while no GPU has an NVLink link down (that verdict explains the slow collectives, and this rule
// stays silent):
//   NVLink in use (a GPU with links up, or an NVLink/NVSwitch topology) -> nvlink-degraded: the
//     fabric (NVSwitch, fabric manager) or the topology between the GPUs is slow (medium).
//   PCIe only (no GPU with a link up, a "pcie" topology) -> pcie-degraded: peer traffic crosses
//     PCIe, so a downtrained link, a switch, or the IOMMU/ACS routing peer copies through the
//     root complex holds it back; never nvlink-degraded (there is no NVLink to degrade).
// The slowest GPU pair is named when the row lists its pairs (extra.pairs).
// Peer copies with peer access off (is_staged_peer_copy) are shown, never a verdict on the fabric.
#include "core/figure_label.hpp"
#include "core/finding_ids.hpp"
#include "text/format.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

namespace {

// "GPU 0 -> GPU 3 at 3.1 GB/s" from a p2p row's extra.pairs ({src, dst, gbs}); "" when none.
std::string slowest_pair(const BenchmarkResult& b, double* gbs_out) {
  const auto pairs = b.extra.find("pairs");
  if (pairs == b.extra.end() || !pairs->is_array()) return "";
  const json* worst = nullptr;
  for (const auto& p : *pairs)
    if (p.is_object() && p.contains("gbs") && p["gbs"].is_number() && (!worst || p["gbs"].get<double>() < (*worst)["gbs"].get<double>()))
      worst = &p;
  if (!worst) return "";
  auto idx = [&](const char* k) {
    return worst->contains(k) && (*worst)[k].is_number_integer() ? std::to_string((*worst)[k].get<int>()) : std::string("?");
  };
  *gbs_out = (*worst)["gbs"].get<double>();
  std::string s = "GPU " + idx("src") + " -> GPU " + idx("dst") + " at " + fmt_value(*gbs_out, b.unit);
  if (worst->contains("link") && (*worst)["link"].is_string()) s += " (" + (*worst)["link"].get<std::string>() + ")";
  return s;
}

// Whether the GPUs talk over NVLink at all: a GPU reports links up, or the topology says so.
bool nvlink_in_use(const DocScoring& d) {
  for (const auto& g : *d.gpus)
    if (g.gpu->nvlink.links_up > 0) return true;
  if (auto t = d.doc->extra.find("topology"); t != d.doc->extra.end() && t->is_object()) {
    const std::string kind = t->value("kind", std::string());
    if (kind == "nvswitch" || kind == "nvlink-mesh" || kind == "nvlink-partial") return true;
  }
  return false;
}

}  // namespace

void rule_collectives(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  for (const auto& g : *d.gpus)
    if (g.has(finding_id::kNvlinkDegraded) || g.has(finding_id::kNoNvlink)) return;
  std::vector<const FigureScore*> low;
  for (const auto& f : d.shared)
    if ((f.family == "nccl" || f.family == "p2p") && f.low() && !(f.bench && is_staged_peer_copy(*f.bench))) low.push_back(&f);
  if (low.empty()) return;
  const bool nvlink = nvlink_in_use(d);
  Verdict v = make_verdict(nvlink ? finding_id::kNvlinkDegraded : finding_id::kPcieDegraded, std::nullopt, "medium", "",
                           (low.front()->bench ? figure_label(*low.front()->bench) : low.front()->name) + " at " +
                               fmt_pct(*low.front()->ratio));
  std::string slowest;
  double slowest_gbs = 0;
  for (const FigureScore* f : low) {
    std::string e = figure_evidence(*f);  // names the variant: "nccl/allreduce bf16 in-place x8"
    if (!f->source.empty()) e += "; reference: " + f->source;
    v.finding.evidence.push_back(std::move(e));
    if (f->bench && slowest.empty()) slowest = slowest_pair(*f->bench, &slowest_gbs);
  }
  if (!slowest.empty()) {
    v.finding.evidence.push_back("slowest pair: " + slowest);
    v.finding.figures["slowest_pair_gbs"] = slowest_gbs;
  }
  v.finding.figures["collective_ratio"] = *low.front()->ratio;
  if (nvlink) {
    v.finding.evidence.push_back("every GPU reports all its NVLink links up (or has none to report)");
    v.finding.summary = "GPU-to-GPU collectives run at " + fmt_pct(*low.front()->ratio) +
                        " of the reference with every link up: the fabric or the topology between the GPUs is slow.";
  } else {
    v.finding.evidence.push_back("no GPU has an NVLink link up: peer traffic crosses PCIe");
    v.finding.summary = "GPU-to-GPU traffic over PCIe runs at " + fmt_pct(*low.front()->ratio) + " of what this topology gives" +
                        (slowest.empty() ? std::string() : " (slowest pair " + slowest + ")") +
                        ": a downtrained link or PCIe switch, or the IOMMU/ACS routing peer copies through the CPU's "
                        "root complex (check `nvidia-smi topo -p2p r`, ACS on the switches, iommu=pt).";
  }
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
