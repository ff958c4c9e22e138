// gpu-fault: the kernel log says this GPU is lost or must be reset before it can be trusted with
//   work: Xid 79 or "GPU has fallen off the bus" (it no longer answers on PCIe: high), Xid 154 with
//   a recovery action (GPU reset, node reboot, drain: high, drain of P2P only medium), Xid 119/120
//   (GSP timeout/error) and 61/62 (internal micro-controller), which NVIDIA's catalogue resolves
//   with a GPU reset (medium), and "RmInitAdapter failed" for its address (the driver could not
//   bring it up: medium). None of these is the memory, the link or the application: the card as a
//   whole stopped working, which no existing finding says (a "sliced" or "pcie-degraded" card still
//   computes), hence a finding of its own. An adapter that failed to initialise because the driver
//   install is broken (its GSP firmware file missing, a module/library mismatch in the same
//   imported files) is the software rule's, not this one's. Runs right after wrong-results: a GPU
//   that is gone explains every figure it did not deliver.
#include "score/rules.hpp"
#include "score/xid_catalogue.hpp"

namespace gpuaudit {

namespace {

// The imported files show the driver install broken (import/software_errors.hpp kinds).
bool driver_broken(const ResultDocument& doc) {
  if (!doc.extra.is_object()) return false;
  const auto it = doc.extra.find("software_errors");
  if (it == doc.extra.end() || !it->is_array()) return false;
  for (const auto& e : *it)
    if (e.is_object() && e.contains("kind") && e["kind"].is_string()) {
      const std::string k = e["kind"].get<std::string>();
      if (k == "driver-firmware-missing" || k == "driver-library-mismatch") return true;
    }
  return false;
}

}  // namespace

void rule_gpu_fault(GpuScoring& g, const Thresholds& /*t*/) {
  const std::vector<KernelEvent> events = kernel_events(*g.gpu);
  if (events.empty()) return;
  Verdict v = make_verdict("gpu-fault", g.index(), "", "", "");
  Finding& f = v.finding;
  const bool broken_driver = driver_broken(*g.doc);
  std::string first, where;
  int count = 0;
  for (const auto& e : events) {
    const XidMeaning m = xid_meaning(e);
    if (m.cls != XidClass::gpu_fault) continue;
    if (e.kind == "init-failed" && broken_driver) continue;
    ++count;
    if (where.empty()) where = kernel_event_source(e);
    f.confidence = stronger(f.confidence, m.confidence);
    if (f.evidence.size() < 8) f.evidence.push_back(kernel_event_line(e) + " -- " + m.meaning);
    if (first.empty() || m.confidence == "high") first = first.empty() || first.find("bus") == std::string::npos ? m.meaning : first;
  }
  if (count == 0) return;
  if (count > 8) f.evidence.push_back("... and " + std::to_string(count - 8) + " more such lines");
  f.figures["kernel_events"] = count;
  v.short_text = "GPU fault in the " + where + " (" + first + ")";
  f.summary = "The " + where + " says this GPU " +
              std::string(first.find("fallen off") != std::string::npos ? "fell off the bus" : "needs recovery") + " (" + first +
              "): do not run work on it; it needs at least a GPU reset, and a card that does this again needs replacing.";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
