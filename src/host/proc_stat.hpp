// /proc/stat CPU time counters and the steal/iowait share between two readings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct CpuTimes {
  std::string cpu;  // "cpu" (all) or "cpu3"
  std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  std::uint64_t total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
};

// Parses the "cpu" and "cpuN" lines; other lines are ignored. Guest time is already inside user.
std::vector<CpuTimes> parse_proc_stat(const std::string& text);

struct CpuShare {
  std::string cpu;
  double steal_pct = 0;
  double iowait_pct = 0;
  double busy_pct = 0;  // user+nice+system+irq+softirq
};

// Shares between two readings of the same CPUs (matched by name); CPUs with no elapsed ticks are
// left out.
std::vector<CpuShare> cpu_shares(const std::vector<CpuTimes>& before, const std::vector<CpuTimes>& after);

// Reads /proc/stat (or `path`) now; nullopt when unreadable.
std::optional<std::vector<CpuTimes>> read_proc_stat(const std::string& path = "/proc/stat");

}  // namespace gpuaudit
