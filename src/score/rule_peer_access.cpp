// no-peer-access (machine, gpu null): GPUs of this machine cannot read or write each other's memory
//   directly, so every GPU-to-GPU copy, NCCL collective and tensor-parallel exchange between them is
//   staged through host memory: two copies over PCIe and the host's memory instead of one, which caps
//   multi-GPU scaling well below the GPU count. From every output that shows it:
//   - the driver: `nvidia-smi topo -p2p` cells NS/CNS/GNS/TNS/DR (not supported, chipset, GPU,
//     topology, disabled by regkey), gpuaudit's own NVML topology (p2p_read/p2p_write not "ok");
//   - the CUDA samples: p2pBandwidthLatencyTest "Device=0 CANNOT Access Peer Device=1", simpleP2P /
//     deviceQuery "Peer access from ... : No", cudaErrorPeerAccessUnsupported;
//   - nvbandwidth: N/A cells of its device-to-device matrix, device_to_device testcases waived on a
//     machine of two or more GPUs;
//   - NCCL: "P2P is disabled between connected GPUs", NCCL_P2P_DISABLE=1, channels "via SHM".
//   High from the driver's or a CUDA sample's answer for named pairs; medium from NCCL's or
//   nvbandwidth's (they say the path, not why); low from "via SHM" alone (NCCL also chooses SHM by
//   policy across CPU sockets). The cost is said with the figures the document has: the staged
//   rate of those pairs against the rate of pairs with peer access, or against the PCIe link's raw
//   rate. Not on MIG (NVIDIA's MIG guide: no GPU-to-GPU P2P in MIG mode, by design: `sliced` says it).
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/reported_errors.hpp"
#include "score/rules.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuaudit {

namespace {

const char* status_meaning(const std::string& s) {
  if (s == "NS") return "not supported";
  if (s == "CNS") return "chipset not supported";
  if (s == "GNS") return "GPU not supported";
  if (s == "TNS") return "topology not supported";
  if (s == "DR") return "disabled by regkey";
  return "unknown";
}

struct Found {
  std::map<std::pair<int, int>, std::string> pairs;  // (a < b) -> the first line that says so
  std::vector<std::string> lines;                    // machine-wide lines
  std::string confidence;
  std::vector<double> staged, direct;                // GB/s of pairs without / with peer access
  void pair(int a, int b, const std::string& why, const char* conf) {
    if (a == b) return;
    pairs.emplace(std::make_pair(std::min(a, b), std::max(a, b)), why);
    confidence = stronger(confidence, conf);
  }
};

// The matrices of an imported `topo -p2p` (its own format, or pasted below a topo -m).
void from_topo_p2p(const json& imported, Found& f) {
  if (!imported.is_object()) return;
  json all = json::array();
  for (const auto& [format, key] : {std::pair<const char*, const char*>{"nvidia-smi-topo-p2p", "matrices"}, {"nvidia-smi-topo", "p2p_matrices"}})
    if (imported.contains(format) && imported[format].is_object() && imported[format].contains(key) && imported[format][key].is_array())
      for (const auto& mx : imported[format][key]) all.push_back(mx);
  for (const auto& mx : all) {
    if (!mx.is_object() || !mx.contains("pairs") || !mx["pairs"].is_array()) continue;
    const std::string cap = mx.value("capability", std::string());
    for (const auto& p : mx["pairs"]) {
      const std::string st = p.value("status", std::string());
      if (st.empty() || st == "U") continue;
      const int a = p.value("a", -1), b = p.value("b", -1);
      f.pair(a, b,
             "nvidia-smi topo -p2p" + (cap.empty() ? std::string() : " " + cap) + " line " + std::to_string(p.value("line", 0)) +
                 ": GPU" + std::to_string(a) + " -> GPU" + std::to_string(b) + " " + st + " (" + status_meaning(st) + ")",
             "high");
    }
  }
}

// p2pBandwidthLatencyTest / nvbandwidth / gpuaudit rows: pairs marked without peer access, and the
// rates of one-way copies with and without it.
void from_rows(const ResultDocument& doc, Found& f) {
  for (const auto& b : doc.benchmarks) {
    if (b.name != "p2p/matrix" && b.name != "p2p/latency") continue;
    if (!b.extra.is_object() || !b.extra.contains("pairs") || !b.extra["pairs"].is_array()) continue;
    const bool bandwidth = b.name == "p2p/matrix";
    const bool one_way = !b.params.is_object() || b.params.value("direction", std::string("one-way")) == "one-way";
    const bool peer_on = b.params.is_object() && b.params.value("peer_access", false);
    const std::string tool = b.params.is_object() ? b.params.value("method", b.name) : b.name;
    for (const auto& p : b.extra["pairs"]) {
      if (!p.is_object()) continue;
      const int a = p.value("src", -1), c = p.value("dst", -1);
      const bool no_access = (p.contains("peer_possible") && p["peer_possible"].is_boolean() && !p["peer_possible"].get<bool>()) ||
                             p.value("skipped", std::string()).find("no peer access") != std::string::npos;
      if (no_access) f.pair(a, c, tool + ": GPU" + std::to_string(a) + " cannot access GPU" + std::to_string(c) + "'s memory", "high");
      if (!bandwidth || !one_way || !p.contains("gbs") || !p["gbs"].is_number()) continue;
      const double gbs = p["gbs"].get<double>();
      if (no_access || !peer_on) f.staged.push_back(gbs);
      else f.direct.push_back(gbs);
    }
  }
}

// p2pBandwidthLatencyTest's "Device=0 CANNOT Access Peer Device=1" lines, also where no matrix
// follows them (imported["p2pBandwidthLatencyTest"]["peer_access"]).
void from_p2p_sample_lines(const json& imported, Found& f) {
  if (!imported.is_object() || !imported.contains("p2pBandwidthLatencyTest")) return;
  const json& sample = imported["p2pBandwidthLatencyTest"];
  if (!sample.is_object() || !sample.contains("peer_access") || !sample["peer_access"].is_array()) return;
  for (const auto& p : sample["peer_access"]) {
    if (!p.is_object() || p.value("can", true)) continue;
    const int a = p.value("a", -1), b = p.value("b", -1);
    f.pair(a, b,
           "p2pBandwidthLatencyTest line " + std::to_string(p.value("line", 0)) + ": Device=" + std::to_string(a) +
               " CANNOT Access Peer Device=" + std::to_string(b),
           "high");
  }
}

void from_nvml_topology(const json& extra, Found& f) {
  if (!extra.contains("topology") || !extra["topology"].is_object() || !extra["topology"].contains("pairs")) return;
  for (const auto& p : extra["topology"]["pairs"]) {
    if (!p.is_object()) continue;
    for (const char* k : {"p2p_read", "p2p_write"}) {
      const std::string v = p.value(k, std::string());
      if (!v.empty() && v != "ok")
        f.pair(p.value("a", -1), p.value("b", -1),
               std::string("NVML topology: GPU") + std::to_string(p.value("a", -1)) + "-GPU" + std::to_string(p.value("b", -1)) + " " + k +
                   " " + v,
               "high");
    }
  }
}

void from_nvbandwidth_waived(const ResultDocument& doc, Found& f) {
  const json& ex = doc.extra;
  if (doc.gpus.size() < 2 || !ex.contains("imported") || !ex["imported"].is_object() || !ex["imported"].contains("nvbandwidth")) return;
  const json& nb = ex["imported"]["nvbandwidth"];
  if (!nb.is_object() || !nb.contains("testcases") || !nb["testcases"].is_array()) return;
  for (const auto& t : nb["testcases"]) {
    const std::string name = t.value("name", std::string());
    if (t.value("status", std::string()) == "Waived" && name.rfind("device_to_device", 0) == 0) {
      f.lines.push_back("nvbandwidth: " + name + " waived on a machine of " + std::to_string(doc.gpus.size()) +
                        " GPUs (it waives peer copies where peer mapping is not possible)");
      f.confidence = stronger(f.confidence, "medium");
    }
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// The cost in figures: staged vs peer rates measured, else staged vs the slowest GPU link's raw rate.
std::string cost(const DocScoring& d, const Found& f, Finding& out) {
  if (f.staged.empty()) return "";
  const double staged = median(f.staged);
  out.figures["staged_copy_gbs"] = staged;
  if (!f.direct.empty()) {
    const double direct = median(f.direct);
    out.figures["peer_copy_gbs"] = direct;
    return "copies between them run at " + fmt_num(staged, 1) + " GB/s staged through the host, against " + fmt_num(direct, 1) +
           " GB/s between GPUs with peer access (" + fmt_pct(staged / direct) + ")";
  }
  double raw = 0;
  std::string link;
  for (const auto& g : d.doc->gpus) {
    const auto gen = g.pcie.gen_max ? g.pcie.gen_max : g.pcie.gen_now;
    const auto width = g.pcie.width_max ? g.pcie.width_max : g.pcie.width_now;
    if (!gen || !width) continue;
    const double r = pcie_lane_gbs(*gen) * *width;
    if (r > 0 && (raw == 0 || r < raw)) raw = r, link = "Gen" + std::to_string(*gen) + " x" + std::to_string(*width);
  }
  if (raw == 0) return "copies between them run at " + fmt_num(staged, 1) + " GB/s, staged through the host";
  out.figures["link_raw_gbs"] = raw;
  return "copies between them run at " + fmt_num(staged, 1) + " GB/s staged through the host, " + fmt_pct(staged / raw) + " of the " +
         link + " link's " + fmt_num(raw, 1) + " GB/s per direction";
}

}  // namespace

void rule_peer_access(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  const ResultDocument& doc = *d.doc;
  Found f;
  if (doc.extra.is_object()) {
    if (doc.extra.contains("imported")) from_topo_p2p(doc.extra["imported"], f);
    from_nvml_topology(doc.extra, f);
  }
  from_rows(doc, f);
  // After the rows: a pair a matrix measured keeps the line with its rate.
  if (doc.extra.is_object() && doc.extra.contains("imported")) from_p2p_sample_lines(doc.extra["imported"], f);
  from_nvbandwidth_waived(doc, f);
  for (const auto& e : reported_errors(doc))
    if (e.cls == "no-peer-access") {
      f.lines.push_back(reported_error_line(e));
      f.confidence = stronger(f.confidence, e.confidence.empty() ? "medium" : e.confidence);
    }
  if (f.pairs.empty() && f.lines.empty()) return;
  for (const auto& g : doc.gpus)
    if (g.mig.is_mig_device || g.mig.mode_enabled.value_or(false)) {
      if (d.notes) d.notes->push_back("no peer access between GPUs, but MIG is on: NVIDIA's MIG guide lists GPU-to-GPU P2P as not supported in MIG mode (by design)");
      return;
    }
  Verdict v = make_verdict(finding_id::kNoPeerAccess, std::nullopt, f.confidence, "", "");
  Finding& fi = v.finding;
  for (const auto& [pair, why] : f.pairs)
    if (fi.evidence.size() < 8) fi.evidence.push_back(why);
  for (const auto& l : f.lines)
    if (fi.evidence.size() < 10) fi.evidence.push_back(l);
  if (!f.pairs.empty()) fi.figures["pairs_without_peer_access"] = static_cast<double>(f.pairs.size());
  const std::string what = !f.pairs.empty() ? std::to_string(f.pairs.size()) + (f.pairs.size() == 1 ? " GPU pair has" : " GPU pairs have") +
                                                  " no peer access (GPU" + std::to_string(f.pairs.begin()->first.first) + "-GPU" +
                                                  std::to_string(f.pairs.begin()->first.second) + (f.pairs.size() > 1 ? ", ..." : "") + ")"
                                            : "GPU-to-GPU traffic on this machine goes without peer access";
  const std::string c = cost(d, f, fi);
  v.short_text = what;
  fi.summary = what + ": every copy, NCCL collective and tensor-parallel exchange between them is staged through host memory" +
               (c.empty() ? "" : " (" + c + ")") +
               ", so multi-GPU work scales well below the GPU count. Ask the provider for GPUs with peer access (NVLink, or P2P "
               "through a PCIe switch; GeForce cards have none), or size the job for one GPU.";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
