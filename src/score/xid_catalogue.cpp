#include "score/xid_catalogue.hpp"

#include <cctype>

namespace gpuaudit {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Xid 154 "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)": the action
// it changed to. None is the end of an earlier action, not a new fault.
XidMeaning recovery_action(const KernelEvent& e) {
  const std::string m = lower(e.message);
  const auto to = m.rfind(" to ");
  const std::string target = to == std::string::npos ? m : m.substr(to);
  if (target.find("(none)") != std::string::npos) return {XidClass::other, "", "recovery action cleared (none needed)"};
  if (target.find("reboot") != std::string::npos) return {XidClass::gpu_fault, "high", "the driver requires a node reboot to recover this GPU"};
  if (target.find("drain") != std::string::npos && target.find("reset") != std::string::npos)
    return {XidClass::gpu_fault, "high", "the driver requires draining the work and a GPU reset"};
  if (target.find("drain") != std::string::npos) return {XidClass::gpu_fault, "medium", "the driver requires peer-to-peer traffic drained"};
  return {XidClass::gpu_fault, "high", "the driver requires a GPU reset to recover this GPU"};
}

}  // namespace

XidMeaning xid_meaning(const KernelEvent& e) {
  if (e.kind == "fallen-off-bus") return {XidClass::gpu_fault, "high", "the GPU has fallen off the bus (no longer answers on PCIe)"};
  if (e.kind == "init-failed") return {XidClass::gpu_fault, "medium", "the driver could not initialise the GPU (RmInitAdapter failed)"};
  if (e.kind == "pcie-aer") return {XidClass::other, "", "PCIe AER error on the GPU's link"};
  if (e.kind != "xid" || !e.xid) return {XidClass::other, "", e.kind};
  switch (*e.xid) {
    // Memory (NVIDIA's memory error management guide): 48 and 95 are uncorrectable errors the
    // hardware did not contain (95 on A100 and later, 48 on older cards and alongside): high. 94
    // is contained (the affected work was stopped; the card recovers after the remap): medium.
    // 63 recorded a row remap (before Ampere: a page retirement) that takes effect at the next
    // reset: medium; 64 could not record one (no spare rows: an RMA criterion): high. 92 is a
    // high rate of corrected single-bit errors, an early sign: low.
    case 48: return {XidClass::memory, "high", "uncorrectable double-bit ECC error"};
    case 95: return {XidClass::memory, "high", "uncontained ECC error (uncorrectable, not contained: the GPU needs a reset)"};
    case 94: return {XidClass::memory, "medium", "contained ECC error (uncorrectable, contained to the affected work)"};
    case 63: return {XidClass::memory, "medium", "row remap (or page retirement) recorded: takes effect after a GPU reset"};
    case 64: return {XidClass::memory, "high", "row remap (or page retirement) failed: no spare memory left"};
    case 92: return {XidClass::memory, "low", "high single-bit ECC error rate"};
    case 74: return {XidClass::nvlink, "medium", "NVLink error"};
    // 144-150: NVLink5 (B100, B200, GB200) errors by the unit that raised them; NVIDIA's catalogue
    // sends each to the NVLink5 workflow (most NETIR ones to a GPU reset): the link, not the work.
    case 144: return {XidClass::nvlink, "medium", "NVLink error (SAW)"};
    case 145: return {XidClass::nvlink, "medium", "NVLink error (RLW)"};
    case 146: return {XidClass::nvlink, "medium", "NVLink error (TLW)"};
    case 147: return {XidClass::nvlink, "medium", "NVLink error (TREX)"};
    case 148: return {XidClass::nvlink, "medium", "NVLink error (NVLPW control)"};
    case 149: return {XidClass::nvlink, "medium", "NVLink error (NETIR)"};
    case 150: return {XidClass::nvlink, "medium", "NVLink error (MSE)"};
    case 79: return {XidClass::gpu_fault, "high", "the GPU has fallen off the bus (no longer answers on PCIe)"};
    case 154: return recovery_action(e);
    case 119: return {XidClass::gpu_fault, "medium", "GSP RPC timeout (the GPU's system processor stopped answering)"};
    case 120: return {XidClass::gpu_fault, "medium", "GSP error (the GPU's system processor faulted)"};
    case 61: return {XidClass::gpu_fault, "medium", "internal micro-controller breakpoint/warning"};
    case 62: return {XidClass::gpu_fault, "medium", "internal micro-controller halt"};
    case 13: return {XidClass::application, "", "graphics engine exception, most often the application's bug"};
    case 31: return {XidClass::application, "", "GPU memory page fault, most often the application's illegal address"};
    case 43: return {XidClass::application, "", "GPU stopped processing: the application's channel was stopped"};
    case 45: return {XidClass::application, "", "preemptive cleanup: the work was torn down, often after an earlier error"};
    case 109: return {XidClass::application, "", "context switch timeout"};
    default: return {XidClass::other, "", "not classed here: see NVIDIA's Xid catalogue"};
  }
}

std::string kernel_event_source(const KernelEvent& e) {
  // An Xid another tool reported (dcgmi diag: extra.from) is on that file's line, not a kernel log's.
  const bool other = e.extra.is_object() && e.extra.contains("from") && e.extra["from"].is_string();
  return other ? e.extra["from"].get<std::string>() : std::string("kernel log");
}

std::string kernel_event_line(const KernelEvent& e) {
  const std::string head = e.kind == "xid" && e.xid ? "Xid " + std::to_string(*e.xid) : e.kind;
  std::string when = !e.time.empty()    ? e.time
                     : e.uptime_s       ? std::to_string(static_cast<long long>(*e.uptime_s)) + " s after boot"
                                        : std::string();
  if (!e.process.empty()) when += (when.empty() ? "" : ", ") + e.process;
  std::string line = kernel_event_source(e) + " line " + std::to_string(e.line) + ": " + head + (when.empty() ? "" : " (" + when + ")");
  if (!e.message.empty()) line += ": " + e.message;
  return line;
}

}  // namespace gpuaudit
