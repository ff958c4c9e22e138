// no-nvlink / nvlink-degraded: NVLink links of a model that has them are down.
//   Expected links: the baseline's "nvlink_links" when it gives one, else its NVLink bandwidth
//   (both directions) over one link's, by generation (compute capability): NVLink 1 (6.0) 40 GB/s,
//   NVLink 2/3/4 (7.x, 8.0, 9.0) 50 GB/s, GA102's half-width NVLink 3 (8.6) 28.125 GB/s, NVLink 5
//   (10.x) 100 GB/s. Cards whose NVLink is an optional bridge (PCIe, NVL) may legitimately have
//   none, unless the machine bridges its cards of that model (a sibling has links up) and this
//   card has a partner it could have been bridged to (another unlinked card of the model): a
//   bridge joins exactly two cards, so the odd card beside a bridged pair has no link by design.
//   no-nvlink is only a finding when the document has two GPUs or more: a lone GPU has no peer.
//   Links up come from NVML (or an imported `nvidia-smi nvlink -s` / `dcgmi nvlink -s`); without those, from the
//   imported `nvidia-smi topo -m` where it can tell: the row's NV# sum on a bridge card (every link
//   goes to a peer), the per-GPU switch links of a full NVSwitch matrix, and no NV# at all in a
//   row (no link to any GPU). A partial NV# sum on an SXM board is not judged: its links to CPUs
//   (POWER9) or to GPUs outside the matrix do not appear in topo -m.
//   Not judged on a MIG slice or a GPU in MIG mode (no NVLink peer traffic in MIG mode: its links
//   read down or inactive) or when no source could tell the links.
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/nvlink_links.hpp"
#include "score/rules.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

namespace gpuaudit {

namespace {

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

// What the document says about one GPU's links: up of queried, and where that came from.
struct LinkCount {
  int up = 0;
  int queried = 0;  // 0: nothing tells
  std::string source;
};

const json* topology_gpu(const ResultDocument& doc, int index, const json** topo_out) {
  auto t = doc.extra.find("topology");
  if (t == doc.extra.end() || !t->is_object()) return nullptr;
  auto gs = t->find("gpus");
  if (gs == t->end() || !gs->is_array() || gs->size() < 2) return nullptr;
  for (const auto& g : *gs)
    if (g.is_object() && g.value("index", -1) == index) {
      *topo_out = &*t;
      return &g;
    }
  return nullptr;
}

LinkCount links_of(const ResultDocument& doc, const GpuInfo& gpu, const Baseline& b, int want_full) {
  LinkCount c;
  const NvlinkInfo& nv = gpu.nvlink;
  if (nv.links_queried > 0) {
    c.up = nv.links_up;
    c.queried = nv.links_queried;
    c.source = std::to_string(nv.links_queried) + " queried";
    return c;
  }
  if (nv.extra.is_object() && nv.extra.value("all_inactive", false)) {
    c.queried = want_full;
    c.source = "nvidia-smi nvlink: all links inactive";
    return c;
  }
  const json* topo = nullptr;
  const json* row = topology_gpu(doc, gpu.index, &topo);
  if (!row) return c;
  const int sum = row->value("nvlinks_up", 0);
  const int to_switch = row->value("nvlinks_to_switch", 0);
  const std::string src = topo->value("source", std::string("topology"));
  if (sum == 0) {
    c.queried = want_full;
    c.source = src + ": no NV# between this GPU and any other";
  } else if (topo->value("kind", std::string()) == "nvswitch" && to_switch > 0) {
    c.up = to_switch;
    c.queried = want_full;
    c.source = src + ": NV" + std::to_string(to_switch) + " to every GPU through NVSwitch";
  } else if (!board_wired(b)) {
    c.up = sum;
    c.queried = want_full;
    c.source = src + ": NV# of this GPU's pairs add up to " + std::to_string(sum);
  }
  return c;
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
  // MIG mode turns NVLink peer traffic off on the whole physical GPU, not only on its slices:
  // NVML (and dcgmi, nvidia-smi nvlink) then shows its links down or inactive, legitimately.
  if (g.slice.kind == "mig" || g.gpu->mig.is_mig_device || g.gpu->mig.mode_enabled.value_or(false)) return;
  const int full = expected_nvlink_links(*b);
  const LinkCount lc = links_of(*g.doc, *g.gpu, *b, full);
  if (lc.queried <= 0) return;
  const int want = std::min(full, lc.queried);
  if (want <= 0 || lc.up >= want) return;
  int full_gpus = 0;
  for (const auto& x : g.doc->gpus) full_gpus += x.mig.is_mig_device ? 0 : 1;

  if (lc.up == 0) {
    if (!machine_has_peers(*g.doc)) return;
    // A bridge card without a bridge is legitimate, unless a sibling of the same model has one and
    // another sibling is as unlinked as this card: the pair the machine left unbridged. The odd
    // card beside a bridged pair (three RTX A6000, two bridged) has no partner to be bridged to.
    bool sibling_linked = false, unlinked_partner = false;
    for (const auto& x : g.doc->gpus) {
      if (x.index == g.index() || x.name != g.gpu->name) continue;
      const LinkCount s = links_of(*g.doc, x, *b, full);
      sibling_linked |= s.up > 0;
      unlinked_partner |= s.queried > 0 && s.up == 0;
    }
    if (!board_wired(*b) && !(sibling_linked && unlinked_partner)) return;
    Verdict v = make_verdict(finding_id::kNoNvlink, g.index(), board_wired(*b) ? "high" : "medium", "", "no NVLink (0 of " + std::to_string(want) + " links up)");
    v.finding.evidence.push_back("nvlink: 0 of " + std::to_string(want) + " links up (" + lc.source + "); " + a_model(b->model) +
                                 " has " + fmt_num(b->nvlink_gbs->value, 0) + " GB/s of NVLink");
    v.finding.evidence.push_back(full_gpus >= 2 ? std::to_string(full_gpus) + " GPUs in this machine: their traffic goes over PCIe"
                                                : std::string("the machine has other GPUs (this document shows one): their traffic goes over PCIe"));
    v.finding.figures["links_up"] = 0;
    v.finding.figures["links_expected"] = want;
    v.finding.summary = "NVLink is down on this GPU: GPU-to-GPU traffic (all-reduce, tensor parallelism) goes over PCIe, "
                        "an order of magnitude slower. Check the fabric manager and the NVSwitch tray.";
    g.verdicts.push_back(std::move(v));
    return;
  }
  Verdict v = make_verdict(finding_id::kNvlinkDegraded, g.index(), "high", "",
                           std::to_string(lc.up) + " of " + std::to_string(want) + " NVLink links up");
  v.finding.evidence.push_back("nvlink: " + std::to_string(lc.up) + " of " + std::to_string(want) + " links up (" + lc.source + ")");
  v.finding.figures["links_up"] = lc.up;
  v.finding.figures["links_expected"] = want;
  v.finding.summary = "Only " + std::to_string(lc.up) + " of " + std::to_string(want) +
                      " NVLink links are up: GPU-to-GPU bandwidth is cut to about " +
                      fmt_num(100.0 * lc.up / want, 0) + "%.";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
