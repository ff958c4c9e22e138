// One line of the kernel log about a GPU (an imported dmesg / journalctl -k / syslog, format
// kernel-log, import/parse_kernel_log.cpp): an NVRM Xid, "fallen off the bus", an adapter that
// failed to initialise, a PCIe AER error of its link. Kept in GpuInfo.extra["kernel_events"] (an
// array of these, in the log's order) rather than as a GpuInfo field, so that a document without a
// kernel log stays as it was, byte for byte, and result.hpp (which every file includes) is not
// touched by one importer. score/xid_catalogue.hpp says what each is evidence of.
#pragma once

#include "core/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct KernelEvent {
  std::string kind;        // xid | fallen-off-bus | init-failed | pcie-aer
  std::optional<int> xid;  // the Xid number, for kind xid
  std::string time;        // the time stamp as printed ("Mar 29 15:38:59", "Fri Aug 30 11:43:09 2024"), "" when none
  std::optional<double> uptime_s;  // dmesg's [seconds since boot], when printed
  std::optional<std::int64_t> pid;
  std::string process;  // name=... of the Xid line
  std::string message;  // the text after the Xid number (or the whole message), at most 300 characters
  int line = 0;         // 1-based line in the imported file
  json extra;
};
GA_JSON_TYPE(KernelEvent, kind, xid, time, uptime_s, pid, process, message, line)

inline constexpr const char* kKernelEventsKey = "kernel_events";

// GpuInfo.extra["kernel_events"] read back; an entry that does not read as a KernelEvent is left out.
std::vector<KernelEvent> kernel_events(const GpuInfo& gpu);

}  // namespace gpuaudit
