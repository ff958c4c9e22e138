#include "watch/host_counters.hpp"

#include "core/parse_number.hpp"
#include "host/proc_file.hpp"
#include "host/process_tree.hpp"

#include <algorithm>
#include <sstream>
#include <string_view>

namespace gpuaudit {

namespace {

// The value of "Key:   123 kB" in /proc/meminfo.
std::optional<double> meminfo_value(const std::string& text, std::string_view key) {
  std::istringstream in(text);
  std::string name;
  double v = 0;
  std::string unit_rest;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    if (!(ls >> name >> v)) continue;
    if (name.size() == key.size() + 1 && name.compare(0, key.size(), key) == 0 && name.back() == ':') return v;
  }
  return std::nullopt;
}

bool ends_with_digit(std::string_view s) { return !s.empty() && s.back() >= '0' && s.back() <= '9'; }

// A whole disk, not one of its partitions, nor a virtual device over other disks.
bool whole_disk(std::string_view name) {
  auto starts = [&](std::string_view p) { return name.substr(0, p.size()) == p; };
  if (starts("nvme")) return name.find('p', 4) == std::string_view::npos;  // nvme0n1, not nvme0n1p2
  if (starts("mmcblk")) return name.find('p', 6) == std::string_view::npos;
  if (starts("sd") || starts("vd") || starts("xvd") || starts("hd")) return !ends_with_digit(name);
  return false;
}

double delta(std::uint64_t after, std::uint64_t before) {
  return after >= before ? static_cast<double>(after - before) : 0.0;
}

}  // namespace

std::optional<double> parse_mem_available_pct(const std::string& meminfo) {
  const auto total = meminfo_value(meminfo, "MemTotal");
  const auto avail = meminfo_value(meminfo, "MemAvailable");
  if (!total || !avail || *total <= 0) return std::nullopt;
  return 100.0 * *avail / *total;
}

std::optional<std::uint64_t> parse_pswpin(const std::string& vmstat) {
  std::istringstream in(vmstat);
  std::string name, value;
  while (in >> name >> value)
    if (name == "pswpin") return parse_integer<std::uint64_t>(value);
  return std::nullopt;
}

std::optional<DiskTotals> parse_diskstats(const std::string& diskstats) {
  // major minor name reads merged sectors ms writes merged sectors ms ...
  std::istringstream in(diskstats);
  std::string line;
  DiskTotals sum;
  bool any = false;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string major, minor, name;
    std::uint64_t f[7] = {};
    if (!(ls >> major >> minor >> name >> f[0] >> f[1] >> f[2] >> f[3] >> f[4] >> f[5] >> f[6])) continue;
    if (!whole_disk(name)) continue;
    sum.reads += f[0];
    sum.sectors_read += f[2];
    sum.writes += f[4];
    sum.sectors_written += f[6];
    any = true;
  }
  if (!any) return std::nullopt;
  return sum;
}

std::optional<ProcessTimes> parse_process_stat(const std::string& stat) {
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  // After "pid (comm)": state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
  // utime(14) stime(15) cutime cstime priority nice num_threads(20).
  std::istringstream ls(stat.substr(close + 1));
  std::string field[18];
  for (auto& f : field)
    if (!(ls >> f)) return std::nullopt;
  std::uint64_t ticks = 0;
  for (int f = 11; f <= 14; ++f) {  // utime, stime, cutime, cstime
    const auto v = parse_integer<std::int64_t>(field[f]);
    if (!v || *v < 0) return std::nullopt;
    ticks += static_cast<std::uint64_t>(*v);
  }
  const auto threads = parse_integer<int>(field[17]);
  if (!threads) return std::nullopt;
  return ProcessTimes{ticks, *threads};
}

HostCounters read_host_counters(const std::vector<pid_t>& job, double t_s) {
  HostCounters c;
  c.t_s = t_s;
  if (auto stat = read_proc_stat(); stat && !stat->empty() && stat->front().cpu == "cpu") c.cpu = stat->front();
  c.mem_available_pct = parse_mem_available_pct(read_proc_text("/proc/meminfo"));
  c.pswpin = parse_pswpin(read_proc_text("/proc/vmstat"));
  c.disks = parse_diskstats(read_proc_text("/proc/diskstats"));
  if (std::any_of(job.begin(), job.end(), [](pid_t p) { return p > 0; })) {
    std::uint64_t ticks = 0;
    int threads = 0, processes = 0;
    for (pid_t p : process_trees(job)) {
      const auto t = parse_process_stat(read_proc_text("/proc/" + std::to_string(p) + "/stat"));
      if (!t) continue;
      ticks += t->ticks;
      threads += t->threads;
      ++processes;
    }
    if (processes > 0) {
      c.job_ticks = ticks;
      c.job_threads = threads;
      c.job_processes = processes;
    }
  }
  return c;
}

WatchHostPoint host_point(const HostCounters& before, const HostCounters& after, double tick_hz) {
  WatchHostPoint p;
  p.t_s = after.t_s;
  const double dt = after.t_s - before.t_s;
  if (before.cpu && after.cpu) {
    const auto shares = cpu_shares({*before.cpu}, {*after.cpu});
    if (!shares.empty()) {
      p.cpu_busy_pct = shares.front().busy_pct;
      p.steal_pct = shares.front().steal_pct;
      p.iowait_pct = shares.front().iowait_pct;
    }
  }
  p.mem_available_pct = after.mem_available_pct;
  p.job_threads = after.job_threads;
  p.job_processes = after.job_processes;
  if (dt <= 0) return p;
  // A process that exited between the readings takes its ticks with it: a negative delta is 0.
  if (before.job_ticks && after.job_ticks && tick_hz > 0)
    p.job_cpu_cores = delta(*after.job_ticks, *before.job_ticks) / tick_hz / dt;
  if (before.pswpin && after.pswpin) p.swap_in_per_s = delta(*after.pswpin, *before.pswpin) / dt;
  if (before.disks && after.disks) {
    const DiskTotals& a = *after.disks;
    const DiskTotals& b = *before.disks;
    p.disk_read_mbps = delta(a.sectors_read, b.sectors_read) * 512.0 / 1e6 / dt;
    p.disk_write_mbps = delta(a.sectors_written, b.sectors_written) * 512.0 / 1e6 / dt;
    p.disk_iops = (delta(a.reads, b.reads) + delta(a.writes, b.writes)) / dt;
  }
  return p;
}

}  // namespace gpuaudit
