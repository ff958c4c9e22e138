#include "watch/host_counters.hpp"

#include "core/parse_number.hpp"
#include "host/proc_file.hpp"
#include "host/process_tree.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <filesystem>
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

std::optional<int> parse_procs_running(const std::string& stat) {
  std::istringstream in(stat);
  std::string line;
  while (std::getline(in, line))
    if (line.compare(0, 14, "procs_running ") == 0) return parse_integer<int>(line.substr(14));
  return std::nullopt;
}

std::vector<NetInterface> parse_net_dev(const std::string& net_dev) {
  // "  eth0: rx_bytes packets errs drop fifo frame compressed multicast tx_bytes ..." (older kernels
  // print no space after the colon); the two header lines hold no colon before a number.
  std::vector<NetInterface> out;
  std::istringstream in(net_dev);
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::istringstream name_in(line.substr(0, colon)), ls(line.substr(colon + 1));
    NetInterface n;
    std::string f[9];
    if (!(name_in >> n.name)) continue;
    bool whole = true;
    for (auto& x : f) whole = whole && static_cast<bool>(ls >> x);
    const auto rx = whole ? parse_integer<std::uint64_t>(f[0]) : std::nullopt;
    const auto tx = whole ? parse_integer<std::uint64_t>(f[8]) : std::nullopt;
    if (!rx || !tx) continue;
    n.rx_bytes = *rx, n.tx_bytes = *tx;
    out.push_back(std::move(n));
  }
  return out;
}

std::vector<NetInterface> counted_interfaces(const std::vector<NetInterface>& all, const std::vector<std::string>& physical) {
  auto is_physical = [&](const NetInterface& n) {
    return std::find(physical.begin(), physical.end(), n.name) != physical.end();
  };
  const bool any_physical = std::any_of(all.begin(), all.end(), is_physical);
  std::vector<NetInterface> out;
  for (const auto& n : all)
    if (n.name != "lo" && (!any_physical || is_physical(n))) out.push_back(n);
  return out;
}

std::optional<ProcessTimes> parse_process_stat(const std::string& stat) {
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  // After "pid (comm)": state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
  // utime(14) stime(15) cutime cstime priority nice num_threads(20) ... processor(39).
  std::istringstream ls(stat.substr(close + 1));
  std::string field[37];
  for (int f = 0; f < 18; ++f)
    if (!(ls >> field[f])) return std::nullopt;
  for (int f = 18; f < 37; ++f) (void)(ls >> field[f]);  // processor: since Linux 2.2.8; absent reads as unknown
  std::uint64_t ticks = 0;
  for (int f = 11; f <= 14; ++f) {  // utime, stime, cutime, cstime
    const auto v = parse_integer<std::int64_t>(field[f]);
    if (!v || *v < 0) return std::nullopt;
    ticks += static_cast<std::uint64_t>(*v);
  }
  const auto threads = parse_integer<int>(field[17]);
  if (!threads) return std::nullopt;
  return ProcessTimes{ticks, *threads, parse_integer<int>(field[36])};
}

namespace {

// The planned interfaces' bytes now; one gone since the plan is left out.
std::optional<NetTotals> read_net(const NetPlan& plan) {
  if (plan.names.empty()) return std::nullopt;
  NetTotals t;
  for (const auto& n : parse_net_dev(read_proc_text("/proc/net/dev")))
    if (std::find(plan.names.begin(), plan.names.end(), n.name) != plan.names.end())
      t.rx_bytes += n.rx_bytes, t.tx_bytes += n.tx_bytes;
  return t;
}

void read_job(HostCounters& c, const std::vector<pid_t>& job) {
  if (std::none_of(job.begin(), job.end(), [](pid_t p) { return p > 0; })) return;
  c.job_pids = process_trees(job);
  std::uint64_t ticks = 0;
  int threads = 0, processes = 0;
  for (pid_t p : c.job_pids) {
    const auto t = parse_process_stat(read_proc_text("/proc/" + std::to_string(p) + "/stat"));
    if (!t) continue;
    ticks += t->ticks;
    threads += t->threads;
    ++processes;
    if (t->cpu) c.job_cpus.emplace_back(p, *t->cpu);
  }
  if (processes > 0) {
    c.job_ticks = ticks;
    c.job_threads = threads;
    c.job_processes = processes;
  }
}

}  // namespace

NetPlan plan_net() {
  const auto all = parse_net_dev(read_proc_text("/proc/net/dev"));
  std::vector<std::string> physical;
  std::error_code ec;
  for (const auto& n : all)
    if (std::filesystem::exists("/sys/class/net/" + n.name + "/device", ec)) physical.push_back(n.name);
  NetPlan plan;
  double link = 0;
  bool every_rate = true;
  for (const auto& n : counted_interfaces(all, physical)) {
    plan.names.push_back(n.name);
    const auto mbit = parse_integer<long>(trim(read_proc_text("/sys/class/net/" + n.name + "/speed")));
    if (mbit && *mbit > 0) link += static_cast<double>(*mbit);
    else every_rate = false;
  }
  if (!plan.names.empty() && every_rate) plan.link_mbit = link;
  return plan;
}

HostCounters read_host_counters(const std::vector<pid_t>& job, double t_s, const NetPlan& net) {
  HostCounters c;
  c.t_s = t_s;
  const std::string stat = read_proc_text("/proc/stat");
  for (auto& cpu : parse_proc_stat(stat)) {
    if (cpu.cpu == "cpu") c.cpu = cpu;
    else c.cores.push_back(std::move(cpu));
  }
  c.procs_running = parse_procs_running(stat);
  c.mem_available_pct = parse_mem_available_pct(read_proc_text("/proc/meminfo"));
  c.pswpin = parse_pswpin(read_proc_text("/proc/vmstat"));
  c.disks = parse_diskstats(read_proc_text("/proc/diskstats"));
  c.net = read_net(net);
  read_job(c, job);
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
  double busiest = -1;
  for (const auto& core : cpu_shares(before.cores, after.cores)) busiest = std::max(busiest, core.busy_pct);
  if (busiest >= 0) p.busiest_core_pct = busiest;
  p.run_queue = after.procs_running;
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
  if (before.net && after.net) {
    p.net_rx_mbps = delta(after.net->rx_bytes, before.net->rx_bytes) / 1e6 / dt;
    p.net_tx_mbps = delta(after.net->tx_bytes, before.net->tx_bytes) / 1e6 / dt;
  }
  return p;
}

}  // namespace gpuaudit
