// The meaning of a kernel-log event from NVIDIA's Xid catalogue (score/xid_table.cpp): its class,
// the confidence of the finding it supports, a phrase, NVIDIA's words for it, and advice that fits
// someone renting the GPU (who cannot reset a card or reseat it: the provider can).
#include "score/xid_catalogue.hpp"

#include "text/strings.hpp"

#include <cctype>
#include <string_view>

namespace gpuaudit {

namespace {

constexpr const char* kAskProvider = "ask the provider for another instance";

// What a renter does about a row, from its class and NVIDIA's immediate action.
std::string renter_advice(const XidEntry& e) {
  const std::string_view action = e.immediate;
  switch (e.cls) {
    case XidClass::memory:
      if (e.xid == 63) return "no action now: the remap takes effect at the next GPU reset; ask the provider to reset the GPU when convenient";
      if (e.xid == 92) return "corrected errors only: watch for uncorrectable ones (nvidia-smi -q -d ECC)";
      if (e.xid == 94) return "restart the program; the rest of the GPU is unaffected, and the provider should reset it when convenient";
      return std::string("stop work on this GPU: an uncorrectable memory error needs a GPU reset or a reboot to clear; ") + kAskProvider +
             ", and for the card to be checked if it repeats";
    case XidClass::nvlink:
      return std::string("multi-GPU work over NVLink may fail or slow down: NVIDIA's action is a GPU reset (or a reboot) and a check "
                         "of the link if it repeats; ") + kAskProvider + " or for the GPUs to be reset";
    case XidClass::gpu_fault:
      if (action == "RESTART_BM")
        return std::string("stop work on this GPU; ") + kAskProvider + " (NVIDIA's action is a restart of the machine, which only the provider can do)";
      if (action == "CHECK_MECHANICALS") return std::string("the board runs at reduced clocks until its power cable is connected; ") + kAskProvider;
      if (e.xid == 157) return std::string("work may run, but the card has nothing left to repair the next fault with; ") + kAskProvider + " when convenient";
      return std::string("stop work on this GPU: it needs a GPU reset (nvidia-smi -r, as root, with no process on it); ") + kAskProvider +
             " or for the GPU to be reset, and for the card to be replaced if it happens again";
    case XidClass::software:
      if (action == "RESTART_VM") return "restart the VM";
      return std::string("the host's vGPU software must be updated by the provider; ") + kAskProvider;
    case XidClass::application:
    case XidClass::other:
      return "";
  }
  return "";
}

std::string reference(const XidEntry& e) {
  std::string r = std::string("NVIDIA's Xid catalogue: ") + e.mnemonic + ", \"" +
                  (std::string_view(e.description) == "Unused" && *e.older ? e.older : e.description) + "\"";
  if (*e.immediate) r += std::string(", immediate action ") + e.immediate;
  return r;
}

XidMeaning from_entry(const XidEntry& e) {
  std::string phrase = *e.meaning ? e.meaning : e.description;
  if (phrase == "Unused") phrase = *e.older && std::string_view(e.older) != "Unused" && std::string_view(e.older) != "Reserved"
                                       ? std::string(e.older) + " (GPUs before Ampere)"
                                       : "not in use on current GPUs";
  return {e.cls, e.confidence, phrase, renter_advice(e), reference(e)};
}

// Xid 154 "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)": the action
// it changed to. None is the end of an earlier action, not a new fault.
XidMeaning recovery_action(const KernelEvent& e, XidMeaning m) {
  const std::string msg = lower(e.message);
  const auto to = msg.rfind(" to ");
  const std::string target = to == std::string::npos ? msg : msg.substr(to);
  if (target.find("(none)") != std::string::npos) {
    m.cls = XidClass::other, m.confidence = "", m.meaning = "recovery action cleared (none needed)", m.advice = "";
    return m;
  }
  m.cls = XidClass::gpu_fault;
  m.confidence = "high";
  const std::string stop = "stop work on this GPU; ";
  if (target.find("reboot") != std::string::npos) {
    m.meaning = "the driver requires a node reboot to recover this GPU";
    m.advice = stop + kAskProvider + " (only a reboot of the machine recovers it)";
  } else if (target.find("drain") != std::string::npos && target.find("reset") != std::string::npos) {
    m.meaning = "the driver requires draining the work and a GPU reset";
    m.advice = stop + kAskProvider + " or for the GPU to be reset";
  } else if (target.find("drain") != std::string::npos) {
    m.confidence = "medium";
    m.meaning = "the driver requires peer-to-peer traffic drained";
    m.advice = "multi-GPU work over peer-to-peer may fail until the GPU is reset; ask the provider to reset it or for another instance";
  } else {
    m.meaning = "the driver requires a GPU reset to recover this GPU";
    m.advice = stop + kAskProvider + " or for the GPU to be reset";
  }
  return m;
}

}  // namespace

XidMeaning xid_meaning(int xid) {
  if (const XidEntry* e = xid_entry(xid)) return from_entry(*e);
  return {XidClass::other, "", "not in NVIDIA's Xid catalogue (read " + std::string(kXidCatalogueRead) + ")", "", ""};
}

XidMeaning xid_meaning(const KernelEvent& e) {
  if (e.kind == "fallen-off-bus") {
    XidMeaning m = xid_meaning(79);
    m.meaning = "the GPU has fallen off the bus (no longer answers on PCIe)";
    return m;
  }
  if (e.kind == "init-failed")
    return {XidClass::gpu_fault, "medium", "the driver could not initialise the GPU (RmInitAdapter failed)",
            std::string("do not use this GPU: the driver could not bring it up; ") + kAskProvider, ""};
  if (e.kind == "pcie-aer") return {XidClass::other, "", "PCIe AER error on the GPU's link", "", ""};
  if (e.kind != "xid" || !e.xid) return {XidClass::other, "", e.kind, "", ""};
  XidMeaning m = xid_meaning(*e.xid);
  return *e.xid == 154 ? recovery_action(e, m) : m;
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
