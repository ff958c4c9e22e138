// no-nvlink / nvlink-degraded: NVLink links of a model that has them are down.
//   Expected links: the baseline's "nvlink_links" when it gives one, else its NVLink bandwidth
//   over 50 GB/s per link (100 GB/s from NVLink5, compute capability 10). Cards whose NVLink is
//   an optional bridge (PCIe, NVL) may legitimately have none, unless a sibling card of the same
//   model in this machine has its links up. no-nvlink is only a finding when the document has two
//   GPUs or more: a lone GPU has no peer to talk to.
//   Not judged on a MIG slice (no NVLink in MIG mode) or when NVML could not query the links.
#include "report/format.hpp"
#include "score/evidence.hpp"
#include "score/rules.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace gpuaudit {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// NVLink wired on the board (SXM/HGX modules: every link must be up) rather than an optional
// bridge between add-in cards (PCIe, NVL, GeForce: none is legitimate). A baseline may say so
// itself with "nvlink_bridge": true|false; otherwise SXM/HGX in the id or model, or NVSwitch-class
// bandwidth (>= 900 GB/s) on a card that is not an NVL bridge pair, means wired.
bool board_wired(const Baseline& b) {
  if (auto it = b.extra.find("nvlink_bridge"); it != b.extra.end() && it->is_boolean()) return !it->get<bool>();
  const std::string name = lower(b.id + " " + b.model);
  if (name.find("sxm") != std::string::npos || name.find("hgx") != std::string::npos) return true;
  return b.nvlink_gbs->value >= 900 && name.find("nvl") == std::string::npos;
}

int expected_links(const Baseline& b) {
  if (auto it = b.extra.find("nvlink_links"); it != b.extra.end() && it->is_number_integer()) return it->get<int>();
  const bool nvlink5 = !b.compute_capability.empty() && std::atoi(b.compute_capability.c_str()) >= 10;
  return static_cast<int>(std::lround(b.nvlink_gbs->value / (nvlink5 ? 100.0 : 50.0)));
}

// The machine has GPUs besides the document's one: what a single-GPU excerpt still shows.
bool machine_has_peers(const ResultDocument& doc) {
  int full = 0;
  for (const auto& x : doc.gpus) {
    full += x.mig.is_mig_device ? 0 : 1;
    if (x.index > 0) return true;
  }
  if (full >= 2) return true;
  for (const auto& b : doc.benchmarks)
    if ((b.name.rfind("nccl/", 0) == 0 || b.name.rfind("p2p/", 0) == 0) && b.params.is_object() &&
        b.params.value("gpus", 0) >= 2)
      return true;
  if (auto t = doc.extra.find("topology"); t != doc.extra.end() && t->is_object())
    if (auto g = t->find("gpus"); g != t->end() && g->is_array() && g->size() >= 2) return true;
  return false;
}

}  // namespace

void rule_nvlink(GpuScoring& g, const Thresholds& /*t*/) {
  const Baseline* b = g.baseline();
  if (!b || !b->nvlink_gbs || b->nvlink_gbs->value <= 0) return;
  if (g.slice.kind == "mig" || g.gpu->mig.is_mig_device) return;
  const NvlinkInfo& nv = g.gpu->nvlink;
  if (nv.links_queried <= 0) return;
  const int want = std::min(expected_links(*b), nv.links_queried);
  if (want <= 0 || nv.links_up >= want) return;
  int full_gpus = 0;
  for (const auto& x : g.doc->gpus) full_gpus += x.mig.is_mig_device ? 0 : 1;

  if (nv.links_up == 0) {
    if (!machine_has_peers(*g.doc)) return;
    // A bridge card without a bridge is legitimate, unless a sibling of the same model has one.
    bool sibling_linked = false;
    for (const auto& x : g.doc->gpus) sibling_linked |= x.index != g.index() && x.name == g.gpu->name && x.nvlink.links_up > 0;
    if (!board_wired(*b) && !sibling_linked) return;
    Verdict v = make_verdict("no-nvlink", g.index(), board_wired(*b) ? "high" : "medium", "", "no NVLink (0 of " + std::to_string(want) + " links up)");
    v.finding.evidence.push_back("nvlink: 0 of " + std::to_string(want) + " links up (" + std::to_string(nv.links_queried) +
                                 " queried); " + a_model(b->model) + " has " + fmt_num(b->nvlink_gbs->value, 0) + " GB/s of NVLink");
    v.finding.evidence.push_back(full_gpus >= 2 ? std::to_string(full_gpus) + " GPUs in this machine: their traffic goes over PCIe"
                                                : std::string("the machine has other GPUs (this document shows one): their traffic goes over PCIe"));
    v.finding.figures["links_up"] = 0;
    v.finding.figures["links_expected"] = want;
    v.finding.summary = "NVLink is down on this GPU: GPU-to-GPU traffic (all-reduce, tensor parallelism) goes over PCIe, "
                        "an order of magnitude slower. Check the fabric manager and the NVSwitch tray.";
    g.verdicts.push_back(std::move(v));
    return;
  }
  Verdict v = make_verdict("nvlink-degraded", g.index(), "high", "",
                           std::to_string(nv.links_up) + " of " + std::to_string(want) + " NVLink links up");
  v.finding.evidence.push_back("nvlink: " + std::to_string(nv.links_up) + " of " + std::to_string(want) + " links up (" +
                               std::to_string(nv.links_queried) + " queried)");
  v.finding.figures["links_up"] = nv.links_up;
  v.finding.figures["links_expected"] = want;
  v.finding.summary = "Only " + std::to_string(nv.links_up) + " of " + std::to_string(want) +
                      " NVLink links are up: GPU-to-GPU bandwidth is cut to about " +
                      fmt_num(100.0 * nv.links_up / want, 0) + "%.";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
