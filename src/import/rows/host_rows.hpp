// The host rows an imported CPU-accounting output becomes (vmstat, top, mpstat, sar -u): the same
// `host/steal` and `host/iowait` rows gpuaudit's own sampler writes (src/host/steal_check.cpp), so
// rule_host judges a posted `vmstat 1` the way it judges a measured run. Every one of these tools
// computes its shares from the same /proc/stat counters gpuaudit reads (steal, iowait and idle
// ticks over all the ticks of an interval), so the measure is the same; what differs is the window,
// and the rows say which (params.window, params.windows, params.interval_s).
#pragma once

#include "core/result.hpp"
#include "import/import.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::imports {

// One all-CPU report of a tool: shares of the CPU time in percent.
struct CpuShares {
  double steal = 0, iowait = 0, idle = 0;
  bool has_steal = true;  // vmstat before procps 3.2.x and old top print no steal column
};

struct HostShareInput {
  std::string tool;                        // "vmstat", "top", "mpstat", "sar"
  std::vector<CpuShares> windows;          // reports over an interval, in time order
  std::optional<CpuShares> first_report;   // since boot (vmstat's first line, mpstat without interval) or
                                           // a window of unknown length (top's first frame): not a window
  std::string first_report_is;             // "since boot" / "top's first frame" ...
  std::optional<CpuShares> whole;          // the tool's own average over every window (mpstat/sar Average:)
  std::optional<double> interval_s;        // seconds per window, when the output or its command line says
  json per_cpu = json::array();            // [{cpu, steal_pct, iowait_pct, busy_pct}] over the whole run
  int line = 0;                            // first report's line
};

// host/steal and host/iowait (in that order); empty when there is no report at all. With windows,
// samples are the windows and derived.whole_run_pct their average (or the tool's own); with only
// the first report, that report is the one sample, params.window names it and params.snapshot is
// true (a reading of unknown or since-boot span, not a run). derived.busy_pct = 100 - idle - iowait
// - steal (gpuaudit's busy: user + nice + system + irq + softirq), derived.idle_pct.
std::vector<BenchmarkResult> host_share_rows(const HostShareInput& in, const SourceRef& src);

// sysstat's banner `Linux 5.15.0-1051-azure (gpu-vm) \t11/30/2026 \t_x86_64_\t(4 CPU)` (mpstat,
// iostat, sar): kernel, hostname and vCPUs into `host` (fields already set are kept). False when
// the line is not such a banner.
bool read_sysstat_banner(std::string_view line, HostInfo& host);

}  // namespace gpuaudit::imports
