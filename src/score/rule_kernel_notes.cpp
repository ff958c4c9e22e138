// Notes, not verdicts, from an imported kernel log: Xids NVIDIA's catalogue puts on the work
//   rather than the card (13 graphics engine exception, 31 memory page fault, 43 stopped
//   processing, 45 preemptive cleanup, 109 context switch timeout: RESTART_APP / CHECK_APP, most
//   often an application's bug), Xids this catalogue does not class, PCIe AER lines of a GPU's link
//   (corrected errors are the link's retries; a degraded link shows in the pcie rule's figures), and
//   driver lines that name no GPU (the probe routine failed for N devices). A person reads them; no
//   exit code follows, since they do not show the card at fault.
#include "score/rules.hpp"
#include "score/xid_catalogue.hpp"

#include <map>

namespace gpuaudit {

void rule_kernel_notes(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& /*out*/) {
  if (!d.notes) return;
  for (const auto& gpu : d.doc->gpus) {
    std::map<std::string, int> count;  // "Xid 13 (graphics engine exception ...)" -> lines
    std::map<std::string, std::string> first;
    for (const auto& e : kernel_events(gpu)) {
      const XidMeaning m = xid_meaning(e);
      if (m.cls != XidClass::application && m.cls != XidClass::other) continue;
      const std::string key = (e.kind == "xid" && e.xid ? "Xid " + std::to_string(*e.xid) : e.kind) + " (" + m.meaning + ")";
      if (count[key]++ == 0) first[key] = kernel_event_line(e);
    }
    for (const auto& [key, n] : count)
      d.notes->push_back("GPU " + std::to_string(gpu.index) + ": kernel log " + key + ", " + std::to_string(n) +
                         (n == 1 ? " line" : " lines") + ", not a fault of the card; first: " + first[key]);
  }
  const json& ex = d.doc->extra;
  if (!ex.is_object() || !ex.contains("imported") || !ex["imported"].is_object() || !ex["imported"].contains("kernel-log")) return;
  const json& kl = ex["imported"]["kernel-log"];
  if (!kl.is_object() || !kl.contains("events") || !kl["events"].is_array()) return;
  for (const auto& e : kl["events"]) {
    if (!e.is_object()) continue;
    const std::string kind = e.value("kind", std::string());
    if (kind == "api-mismatch") continue;  // the software rule judges it (import/software_errors.cpp)
    d.notes->push_back("kernel log line " + std::to_string(e.value("line", 0)) + ": " + kind + ": " + e.value("message", std::string()));
  }
}

}  // namespace gpuaudit
