#include "watch/watch_loop.hpp"

#include "host/cpu_topology.hpp"
#include "telemetry/summarize.hpp"
#include "watch/gpu_tenants.hpp"
#include "watch/host_counters.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>

namespace gpuaudit {

WatchGpuPoint fold_gpu_samples(std::span<const TelemetrySample> samples, double t_s) {
  WatchGpuPoint p;
  p.t_s = t_s;
  p.samples = static_cast<int>(samples.size());
  const TelemetrySummary s = summarize_telemetry(samples);
  double sum = 0;
  int n = 0;
  for (const auto& x : samples)
    if (x.gpu_util_pct) sum += *x.gpu_util_pct, ++n;
  if (n > 0) p.util_pct = sum / n;
  if (s.gpu_util_pct) p.util_min_pct = s.gpu_util_pct->min, p.util_max_pct = s.gpu_util_pct->max;
  if (s.sm_clock_mhz) p.sm_clock_mhz = s.sm_clock_mhz->median;
  if (s.mem_clock_mhz) p.mem_clock_mhz = s.mem_clock_mhz->median;
  if (s.power_w) p.power_w = s.power_w->median;
  if (s.temperature_c) p.temperature_c = s.temperature_c->max;
  p.reasons = s.clock_event_reasons;
  for (const auto& x : samples) {
    if (x.pcie_gen) p.pcie_gen = std::min(p.pcie_gen.value_or(*x.pcie_gen), *x.pcie_gen);
    if (x.pcie_width) p.pcie_width = std::min(p.pcie_width.value_or(*x.pcie_width), *x.pcie_width);
  }
  return p;
}

namespace {

using Clock = std::chrono::steady_clock;

// Copies what is waiting on `fd` to `to` and the scanner; false at end of file.
bool pump(int fd, int to, const WatchIo& io, double t_s) {
  MetricScanner* metric = io.metric;
  char buf[8192];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  if (io.before_output) io.before_output();
  for (ssize_t off = 0; off < n;) {
    const ssize_t w = ::write(to, buf + off, static_cast<std::size_t>(n - off));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;  // our own output is gone (closed pipe): keep reading the job's
    off += w;
  }
  if (metric) metric->feed(std::string_view(buf, static_cast<std::size_t>(n)), t_s);
  return true;
}

class Sampler {
 public:
  Sampler(const ChildJob& job, WatchRecord& rec, const WatchTiming& timing, const WatchIo& io)
      : job_(job), rec_(rec), timing_(timing), io_(io), tick_hz_(static_cast<double>(::sysconf(_SC_CLK_TCK))),
        net_(plan_net()), last_(read_host_counters(job.roots(), 0, net_)), buckets_(rec.gpus.size()), next_host_(timing.host_interval_s) {
    rec_.net_link_mbit = net_.link_mbit;
    if (const auto nodes = read_numa_nodes(); nodes.size() >= 2)  // on one node there is no far one
      for (const auto& n : nodes)
        for (int c : n.cpus) cpu_node_[c] = n.node;
    read_processes(0);  // before the job can have opened a context: what is there is another's
  }

  // Takes what is due at t; returns the seconds until the next reading.
  double due(double t) {
    if (io_.read_gpu && t >= next_gpu_) {
      for (std::size_t i = 0; i < rec_.gpus.size(); ++i) buckets_[i].push_back(io_.read_gpu(rec_.gpus[i].gpu, t));
      next_gpu_ = std::max(next_gpu_ + timing_.gpu_interval_s, t);
    }
    if (t >= next_host_) {
      close_interval(t);
      next_host_ = std::max(next_host_ + timing_.host_interval_s, t);
      if (io_.progress) {
        std::optional<double> metric_now;
        if (io_.metric && !io_.metric->points().empty()) metric_now = io_.metric->points().back().value;
        io_.progress(rec_, metric_now);
      }
    }
    if (io_.checkpoint && t >= next_checkpoint_) {
      rec_.elapsed_s = t;
      if (io_.metric) rec_.metric = io_.metric->points();
      io_.checkpoint(rec_);
      next_checkpoint_ = next_checkpoint_at(t, timing_.checkpoint_s);
    }
    const double next = io_.read_gpu ? std::min(next_gpu_, next_host_) : next_host_;
    return std::max(0.0, next - t);
  }

  void close_interval(double t) {
    const HostCounters now = read_host_counters(job_.roots(), t, net_);
    rec_.host.push_back(host_point(last_, now, tick_hz_));
    last_ = now;
    host_ids_.reset();
    for (const auto& [pid, cpu] : last_.job_cpus)  // NVML's pid for each: numa-far pairs a process with its GPUs
      if (auto it = cpu_node_.find(cpu); it != cpu_node_.end()) {
        const auto host = host_ids().find(pid);
        rec_.host.back().job_places.push_back({host != host_ids().end() ? host->second : pid, it->second});
      }
    for (std::size_t i = 0; i < buckets_.size(); ++i) {
      if (!buckets_[i].empty()) {
        rec_.gpus[i].points.push_back(fold_gpu_samples(buckets_[i], t));
        if (io_.read_interval) add_interval_reading(rec_.gpus[i], i == pcie_turn_ % buckets_.size());
      }
      buckets_[i].clear();
    }
    ++pcie_turn_;
    read_processes(t);
  }

  void add_interval_reading(WatchGpuTimeline& g, bool pcie) {
    const GpuIntervalReading r = io_.read_interval(g.gpu, pcie);
    WatchGpuPoint& p = g.points.back();
    p.memory_used_gib = r.memory_used_gib;
    p.encoder_pct = r.encoder_pct, p.decoder_pct = r.decoder_pct;
    p.pcie_tx_gbs = r.pcie_tx_gbs, p.pcie_rx_gbs = r.pcie_rx_gbs;
  }

  void read_processes(double t) {
    if (!io_.read_processes) return;
    const auto job = job_process_ids(host_ids());
    for (auto& g : rec_.gpus) note_gpu_processes(g, io_.read_processes(g.gpu), job, t);
  }

  // The host PID namespace's id of each process of the tree read_host_counters walked last, read at
  // most once per interval (numa-far's places and NVML's process lists both ask).
  const std::map<pid_t, std::int64_t>& host_ids() {
    if (!host_ids_) host_ids_ = job_host_ids(last_.job_pids);
    return *host_ids_;
  }

 private:
  const ChildJob& job_;
  WatchRecord& rec_;
  const WatchTiming& timing_;
  const WatchIo& io_;
  double tick_hz_;
  NetPlan net_;  // read once: the interfaces counted and their link rate
  HostCounters last_;
  std::optional<std::map<pid_t, std::int64_t>> host_ids_;  // of last_'s tree, once asked
  std::vector<std::vector<TelemetrySample>> buckets_;
  double next_host_;  // the first host point closes the first interval
  double next_gpu_ = 0, next_checkpoint_ = 0;
  std::size_t pcie_turn_ = 0;  // the GPU whose PCIe traffic this interval reads
  std::map<int, int> cpu_node_;  // CPU -> NUMA node, where the host has several
};

}  // namespace

double next_checkpoint_at(double t_s, double base_s) { return t_s + std::max(base_s, t_s / 60.0); }

WatchRecord watch_job(const ChildJob& job, WatchRecord rec, const WatchTiming& timing, const WatchIo& io) {
  const auto start = Clock::now();
  auto now_s = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  Sampler sampler(job, rec, timing, io);
  (void)sampler.due(0);  // the GPUs' first sample at once; the host's first point after an interval
  int fds[2] = {job.out_fd, job.err_fd};
  const int to[2] = {io.out_fd, io.err_fd};
  while (!job_ended(job) && !(io.stop && io.stop->load())) {
    const double wait_s = sampler.due(now_s());
    pollfd p[2];
    nfds_t n = 0;
    int which[2];
    for (int i = 0; i < 2; ++i)
      if (fds[i] >= 0) p[n] = {fds[i], POLLIN, 0}, which[n++] = i;
    const int ready = ::poll(p, n, static_cast<int>(std::ceil(wait_s * 1000)));
    for (nfds_t k = 0; ready > 0 && k < n; ++k)
      if (p[k].revents & (POLLIN | POLLHUP | POLLERR))
        if (!pump(fds[which[k]], to[which[k]], io, now_s())) ::close(fds[which[k]]), fds[which[k]] = -1;
  }
  const double end = now_s();
  // What the job wrote just before it ended; a process it left running may hold the pipe open, so
  // only what is there now is read.
  for (int i = 0; i < 2; ++i)
    if (fds[i] >= 0) {
      pollfd p{fds[i], POLLIN, 0};
      while (::poll(&p, 1, 0) > 0 && (p.revents & POLLIN) && pump(fds[i], to[i], io, end)) {
      }
      ::close(fds[i]);
    }
  if (io.metric) io.metric->finish(end);
  sampler.close_interval(end);  // before the job is reaped: its CPU time is still readable
  rec.elapsed_s = end;
  rec.finished = true;
  if (!job.attached) {  // an attached process's exit is its parent's to read
    const int status = job_status(job.pid).value_or(0);
    rec.exit_code = exit_code_of(status);
    rec.signal = ending_signal(status);
  }
  if (io.metric) rec.metric = io.metric->points();
  return rec;
}

}  // namespace gpuaudit
