// software (fabric-manager): a GPU whose NVLink fabric registration did not finish.
//   On NVSwitch systems (HGX/DGX A100, H100, H200, B200) and NVLink5 racks (GB200, GB300) a GPU
//   joins the NVLink fabric when the fabric manager (and, from NVLink5, NVLSM) programs it;
//   nvidia-smi -q's Fabric block, -q -x's <fabric> and --query-gpu's fabric.state/fabric.status show
//   NVML's nvmlGpuFabricInfo: state Not Started / In Progress / Completed, and a probe status that
//   counts only once Completed. Until Completed, CUDA on that GPU fails with error 802 ("system not
//   yet initialized"); Completed with a status other than Success is a registration the fabric
//   manager refused ("Insufficient Resources", a mismatched driver). Both are the software stack's
//   doing, not the card's: high, document-wide (one finding naming every GPU), like the CUDA/NVML
//   stack errors of rule_software. "N/A" / "Not Supported" (PCIe cards, NVLink bridges, GH200)
//   says nothing and is not read (the importers drop it).
#include "score/rules.hpp"
#include "core/finding_ids.hpp"

#include <cctype>
#include <string>

namespace gpuaudit {

namespace {

std::string imported_text(const GpuInfo& g, const char* key) {
  if (!g.extra.is_object()) return "";
  const auto im = g.extra.find("imported");
  if (im == g.extra.end() || !im->is_object()) return "";
  const auto it = im->find(key);
  return it != im->end() && it->is_string() ? it->get<std::string>() : "";
}

bool same(const std::string& a, const char* b) {
  if (a.size() != std::char_traits<char>::length(b)) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

}  // namespace

void rule_fabric(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  std::vector<std::string> unregistered, refused;
  for (const auto& g : d.doc->gpus) {
    const std::string state = imported_text(g, "fabric_state");
    const std::string status = imported_text(g, "fabric_status");
    if (state.empty()) continue;
    const std::string who = "GPU " + std::to_string(g.index) + (g.pci_bus_id.empty() ? "" : " (" + g.pci_bus_id + ")");
    if (same(state, "Completed")) {
      if (!status.empty() && !same(status, "Success"))
        refused.push_back(who + ": fabric state Completed, status " + status);
    } else {
      unregistered.push_back(who + ": fabric state " + state + (status.empty() ? "" : ", status " + status));
    }
  }
  if (unregistered.empty() && refused.empty()) return;
  std::vector<std::string> lines;
  for (const auto& e : unregistered) lines.push_back(e + " (its NVLink fabric registration has not finished)");
  for (const auto& e : refused) lines.push_back(e + " (the fabric manager refused its registration)");
  // The same cause already found from a tool's error 802 (rule_software): one finding, both proofs.
  for (auto& prior : out)
    if (prior.finding.id == finding_id::kSoftware && prior.short_text == "fabric-manager") {
      for (auto& l : lines) prior.finding.evidence.push_back(std::move(l));
      return;
    }
  Verdict v = make_verdict(finding_id::kSoftware, std::nullopt, "high", "", "fabric-manager");
  Finding& f = v.finding;
  f.evidence = lines;
  f.evidence.push_back("to settle it: `systemctl status nvidia-fabricmanager` (and nvlsm on NVLink5 systems), its log, "
                       "and `nvidia-smi -q | grep -A3 Fabric` after it runs");
  const std::size_t n = unregistered.size() + refused.size();
  f.summary = std::to_string(n) + (n == 1 ? " GPU has" : " GPUs have") +
              " not joined the NVLink fabric: CUDA fails on " + (n == 1 ? "it" : "them") +
              " (error 802, system not yet initialized) or NVLink is unusable until the fabric manager registers " +
              (n == 1 ? "it" : "them") + ". The software stack's doing, not the card's.";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
