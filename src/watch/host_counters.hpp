// The host's counters that `watch` reads every interval, and the rates between two readings:
// /proc/stat (CPU busy, steal, iowait, each core's, the threads runnable now), /proc/meminfo
// (available memory), /proc/vmstat (pages swapped in), /proc/diskstats (whole disks' bytes and
// operations), /proc/net/dev (bytes through the network interfaces, /sys/class/net for which are
// physical and their link rate) and /proc/PID/stat for each process of the job's tree (its CPU
// time and threads). Unprivileged; a file that cannot be read leaves its fields null. The parsers
// take the text, so tests give them real files' contents.
#pragma once

#include "host/proc_stat.hpp"
#include "watch/watch_record.hpp"

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit {

struct DiskTotals {
  std::uint64_t sectors_read = 0, sectors_written = 0;  // 512-byte sectors, whatever the device's own size
  std::uint64_t reads = 0, writes = 0;                   // operations completed
};

struct NetInterface {
  std::string name;
  std::uint64_t rx_bytes = 0, tx_bytes = 0;
};

// The counted interfaces' bytes (below), summed.
struct NetTotals {
  std::uint64_t rx_bytes = 0, tx_bytes = 0;
};

// Which interfaces a run counts and their link rate where every one of them says it: which are
// physical and how fast they are does not change while a job runs, so `watch` reads it once.
struct NetPlan {
  std::vector<std::string> names;
  std::optional<double> link_mbit;  // /sys/class/net/NAME/speed summed, Mb/s
};

struct ProcessTimes {
  // utime + stime + cutime + cstime, in clock ticks: with the children it has reaped, so a worker
  // process that ended still counts (the kernel adds its time to its parent's when it is waited for).
  std::uint64_t ticks = 0;
  int threads = 0;
  std::optional<int> cpu;  // the CPU it last ran on (field 39, "processor")
};

struct HostCounters {
  double t_s = 0;
  std::optional<CpuTimes> cpu;  // the "cpu" line: all CPUs
  std::vector<CpuTimes> cores;  // the "cpuN" lines
  std::optional<int> procs_running;  // runnable threads now, the reading one included
  std::optional<double> mem_available_pct;
  std::optional<std::uint64_t> pswpin;
  std::optional<DiskTotals> disks;
  std::optional<NetTotals> net;
  std::vector<pid_t> job_pids;  // the job's trees at this reading (read once per interval)
  std::optional<std::uint64_t> job_ticks;  // the job's tree, summed
  std::optional<int> job_threads, job_processes;
  std::vector<std::pair<pid_t, int>> job_cpus;  // each of the job's processes and the CPU it last ran on
};

// MemAvailable as a share of MemTotal; nullopt when either is missing.
std::optional<double> parse_mem_available_pct(const std::string& meminfo);
// The pswpin counter of /proc/vmstat.
std::optional<std::uint64_t> parse_pswpin(const std::string& vmstat);
// Summed over whole disks (sd*, vd*, xvd*, nvme*n*, hd*, mmcblk*; their partitions, loop, ram,
// dm- and md devices left out, so no byte is counted twice).
std::optional<DiskTotals> parse_diskstats(const std::string& diskstats);
// The procs_running line of /proc/stat.
std::optional<int> parse_procs_running(const std::string& stat);
// Each interface of /proc/net/dev with its received and sent bytes ("lo" too; the caller picks).
std::vector<NetInterface> parse_net_dev(const std::string& net_dev);
// The interfaces whose traffic counts: every one but the loopback; where some are physical ones
// (a /sys/class/net/NAME/device link), only those, since a bridge, a veth or a tunnel carries
// bytes a physical interface counts again. `physical` says which are.
std::vector<NetInterface> counted_interfaces(const std::vector<NetInterface>& all,
                                             const std::vector<std::string>& physical);
// The ticks (above), num_threads and last CPU of one /proc/PID/stat line (the command name may hold spaces
// and parentheses: the fields are read after its last ')').
std::optional<ProcessTimes> parse_process_stat(const std::string& stat);

// Reads /proc/net/dev and /sys/class/net once: the interfaces to count, and their link rate (a
// virtual NIC often says -1 or nothing: then the rate is unknown).
NetPlan plan_net();

// Reads every counter now; `job` holds the roots of the job's trees (empty or 0: none); `net`
// names the interfaces whose bytes are summed (plan_net).
HostCounters read_host_counters(const std::vector<pid_t>& job, double t_s, const NetPlan& net);

// The point between two readings: shares and rates per second. `tick_hz` is sysconf(_SC_CLK_TCK).
WatchHostPoint host_point(const HostCounters& before, const HostCounters& after, double tick_hz);

}  // namespace gpuaudit
