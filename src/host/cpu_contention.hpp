// How much of the CPU time a host check could have used went to other processes. A host figure is
// a property of the machine only when gpuaudit had its CPUs to itself: on a box where something
// else is compiling, training or mining, a low all-core ratio describes the neighbours. The share
// is /proc/stat's busy time on the CPUs gpuaudit may run on, less gpuaudit's own CPU time
// (/proc/self/stat), over the same window. Steal is not in it: time the hypervisor gave to another
// guest is counted apart (host/steal) and stays evidence of an oversold host.
#pragma once

#include "host/proc_stat.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// utime + stime + cutime + cstime of /proc/self/stat (or `text`), in clock ticks (USER_HZ, the unit
// of /proc/stat). nullopt when unreadable or malformed.
std::optional<std::uint64_t> parse_own_cpu_ticks(const std::string& text);
std::optional<std::uint64_t> read_own_cpu_ticks(const std::string& path = "/proc/self/stat");

// One reading of every CPU's counters and of this process's CPU time.
struct CpuUsageMark {
  std::vector<CpuTimes> cpus;  // per-CPU lines ("cpu0", ...) and "cpu"
  std::optional<std::uint64_t> own_ticks;
};
CpuUsageMark mark_cpu_usage(const std::string& stat_path = "/proc/stat", const std::string& self_path = "/proc/self/stat");

struct CpuContention {
  double foreign_pct = 0;  // other processes' busy time, % of the allowed CPUs' time
  double own_pct = 0;      // gpuaudit's own, % of the same
  double steal_pct = 0;    // the hypervisor's, % of the same (reported, not counted as foreign)
  int cpus = 0;            // CPUs counted
};

// Pure: the shares between two marks over the CPUs numbered in `allowed` (all "cpuN" lines when
// empty). nullopt when either mark lacks the process time or no tick elapsed on those CPUs.
std::optional<CpuContention> cpu_contention(const CpuUsageMark& before, const CpuUsageMark& after,
                                            const std::vector<int>& allowed);

}  // namespace gpuaudit
