// The host's counters that `watch` reads every interval, and the rates between two readings:
// /proc/stat (CPU busy, steal, iowait), /proc/meminfo (available memory), /proc/vmstat (pages
// swapped in), /proc/diskstats (whole disks' bytes and operations) and /proc/PID/stat for each
// process of the job's tree (its CPU time and threads). Unprivileged; a file that cannot be read
// leaves its fields null. The parsers take the text, so tests give them real files' contents.
#pragma once

#include "host/proc_stat.hpp"
#include "watch/watch_record.hpp"

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct DiskTotals {
  std::uint64_t sectors_read = 0, sectors_written = 0;  // 512-byte sectors, whatever the device's own size
  std::uint64_t reads = 0, writes = 0;                   // operations completed
};

struct ProcessTimes {
  // utime + stime + cutime + cstime, in clock ticks: with the children it has reaped, so a worker
  // process that ended still counts (the kernel adds its time to its parent's when it is waited for).
  std::uint64_t ticks = 0;
  int threads = 0;
};

struct HostCounters {
  double t_s = 0;
  std::optional<CpuTimes> cpu;  // the "cpu" line: all CPUs
  std::optional<double> mem_available_pct;
  std::optional<std::uint64_t> pswpin;
  std::optional<DiskTotals> disks;
  std::optional<std::uint64_t> job_ticks;  // the job's tree, summed
  std::optional<int> job_threads, job_processes;
};

// MemAvailable as a share of MemTotal; nullopt when either is missing.
std::optional<double> parse_mem_available_pct(const std::string& meminfo);
// The pswpin counter of /proc/vmstat.
std::optional<std::uint64_t> parse_pswpin(const std::string& vmstat);
// Summed over whole disks (sd*, vd*, xvd*, nvme*n*, hd*, mmcblk*; their partitions, loop, ram,
// dm- and md devices left out, so no byte is counted twice).
std::optional<DiskTotals> parse_diskstats(const std::string& diskstats);
// The ticks (above) and num_threads of one /proc/PID/stat line (the command name may hold spaces
// and parentheses: the fields are read after its last ')').
std::optional<ProcessTimes> parse_process_stat(const std::string& stat);

// Reads every counter now; `job` holds the roots of the job's trees (empty or 0: none).
HostCounters read_host_counters(const std::vector<pid_t>& job, double t_s);

// The point between two readings: shares and rates per second. `tick_hz` is sysconf(_SC_CLK_TCK).
WatchHostPoint host_point(const HostCounters& before, const HostCounters& after, double tick_hz);

}  // namespace gpuaudit
