// The sampling loop of `watch`: while the job runs, every GPU is read each gpu interval and the
// host each host interval, when the GPU samples of the interval are folded into one point per GPU;
// the job's captured output is copied out and scanned for its metric as it arrives; a checkpoint of
// the record is handed out every few seconds so a killed gpuaudit loses at most that much.
// One thread: poll() waits on the job's pipes until the next reading is due.
#pragma once

#include "core/result.hpp"
#include "telemetry/nvml_reading.hpp"
#include "telemetry/telemetry_sample.hpp"
#include "watch/child_job.hpp"
#include "watch/metric_scanner.hpp"
#include "watch/watch_record.hpp"

#include <atomic>
#include <functional>
#include <optional>
#include <span>

namespace gpuaudit {

struct WatchTiming {
  double host_interval_s = 0.5;
  double gpu_interval_s = 0.1;
  double checkpoint_s = 5;
};

struct WatchIo {
  // Reads document GPU `gpu` at `t_s` (seconds since the job started). Empty: no GPU is read.
  std::function<TelemetrySample(int gpu, double t_s)> read_gpu;
  // What NVML lists on document GPU `gpu` now, read when the watch begins and at each host
  // interval (watch/gpu_tenants.hpp). Empty: not read.
  std::function<std::vector<GpuProcess>(int gpu)> read_processes;
  // What is read of document GPU `gpu` once per interval (memory, video engines; the PCIe traffic
  // when `pcie`, which the loop asks of one GPU per interval in turn: each reading blocks 40 ms).
  std::function<GpuIntervalReading(int gpu, bool pcie)> read_interval;
  MetricScanner* metric = nullptr;                        // null: no --metric (output not captured)
  std::function<void(const WatchRecord&)> checkpoint;     // may be empty
  // At each host interval's end: the record so far and the last --metric reading (--progress's
  // status line); and before the job's captured output is copied out (the line is cleared). May be empty.
  std::function<void(const WatchRecord&, std::optional<double> metric_now)> progress;
  std::function<void()> before_output;
  int out_fd = 1, err_fd = 2;                             // where the job's captured output is copied
  const std::atomic<bool>* stop = nullptr;                // set: stop watching (an attached job runs on)
};

// Runs until the job ends; `rec` comes in with its command and GPU timelines (gpu, name, limits)
// set and goes out with the points, the metric and the job's exit. Diagnoses are not made here.
WatchRecord watch_job(const ChildJob& job, WatchRecord rec, const WatchTiming& timing, const WatchIo& io);

// When the checkpoint after one at `t_s` is due: `base_s` later, or a sixtieth of the time watched
// if that is longer. Every checkpoint rewrites the whole record, which grows with the run, so a
// fixed interval writes O(n^2) bytes over a long job (10 h at 5 s: 7200 rewrites of up to ~15 MB);
// growing with the run it writes O(n log n) (about 250 rewrites over 10 h), and a killed gpuaudit
// still loses at most 1/60 of what it watched.
double next_checkpoint_at(double t_s, double base_s);

// The samples of one interval as one point (util mean, min and max; clocks and power median;
// temperature max; the reasons seen but "gpu-idle"). samples == 0 when there are none.
WatchGpuPoint fold_gpu_samples(std::span<const TelemetrySample> samples, double t_s);

}  // namespace gpuaudit
