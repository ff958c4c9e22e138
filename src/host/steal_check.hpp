// host/steal and host/iowait over the whole run: /proc/stat is read when the host suite starts,
// then every second in the background (cheap: one small file read), and the late host suite
// stops the reader at the end of the run. Steal time is CPU time the hypervisor gave to someone
// else while this guest wanted it: an oversold host shows it under load, which is exactly what
// the GPU benchmarks and the all-core host checks create.
#pragma once

#include "core/result.hpp"
#include "host/proc_stat.hpp"

#include <cstdint>
#include <optional>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace gpuaudit {

struct ProcStatSnapshot {
  double t_s = 0;               // seconds since the sampler started
  std::vector<CpuTimes> times;  // all CPUs for the first and last snapshot; "cpu" alone between
  std::optional<std::uint64_t> own_ticks = std::nullopt;  // gpuaudit's CPU time, first and last snapshot
};

struct StealResults {
  BenchmarkResult steal;   // host/steal, %, per-window all-CPU shares as samples
  BenchmarkResult iowait;  // host/iowait, %
};

// Pure: results from snapshots in time order (first = start of the run, last = its end).
// Samples are the all-CPU shares of consecutive windows; derived "whole_run_pct" is the share
// over the whole run (the figure host-bound uses); params.per_cpu holds each vCPU's whole-run shares.
// When the first and last snapshots hold gpuaudit's own CPU time, host/steal's derived
// foreign_cpu_pct is other processes' share of the `allowed` CPUs (all when empty) over the run:
// how busy the machine was with work that was not gpuaudit's (cpu_contention.hpp; shown, not judged).
StealResults steal_results(const std::vector<ProcStatSnapshot>& snaps, const std::vector<int>& allowed = {});

// Reads `path` every period_s seconds on a background thread. To stay bounded on long runs it
// keeps at most max_snapshots: when full it drops every other one and doubles its period.
class ProcStatSampler {
 public:
  explicit ProcStatSampler(std::string path = "/proc/stat", double period_s = 1.0, size_t max_snapshots = 240);
  ~ProcStatSampler();
  ProcStatSampler(const ProcStatSampler&) = delete;
  ProcStatSampler& operator=(const ProcStatSampler&) = delete;

  void start();  // no-op when already running
  bool running() const;
  double elapsed_s() const;  // since start(); 0 when not running
  std::vector<ProcStatSnapshot> stop();  // takes the final snapshot; empty when never started

 private:
  void loop();
  void take(bool full);

  std::string path_;
  double period_s_;
  size_t max_snapshots_;
  mutable std::mutex m_;
  std::condition_variable cv_;
  bool running_ = false, stopping_ = false;
  std::thread thread_;
  std::vector<ProcStatSnapshot> snaps_;
  std::chrono::steady_clock::time_point t0_;
};

// The process-wide sampler for `gpuaudit run`.
ProcStatSampler& run_proc_stat_sampler();

}  // namespace gpuaudit
