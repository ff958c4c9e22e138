#include "cuda/launch_timer.hpp"

#include "cuda/cuda_check.hpp"
#include "cuda/cuda_raii.hpp"
#include "cuda/host_flag_blocker.hpp"
#include "measure/measurement.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace gpuaudit {

namespace {

// One sample: `batch` launches between two events. Returns seconds, or a negative value when the
// hold timed out (the launches may have started before the start event).
double one_sample(cudaStream_t stream, const Launch& launch, int batch, bool hold, HostFlagBlocker& blocker,
                  const Event& start, const Event& stop) {
  if (hold) blocker.block(stream);
  try {
    start.record(stream);
    for (int i = 0; i < batch; ++i) launch(stream);
    stop.record(stream);
  } catch (...) {
    // A launch that throws (e.g. a cuBLASLt algorithm the problem rejects) must not leave the
    // spin kernel holding the stream, nor reading the flags after the blocker frees them.
    if (hold) blocker.release();
    throw;
  }
  if (hold) blocker.release();
  stop.sync();
  GA_CUDA(cudaGetLastError());
  if (hold && blocker.timer_stalled())
    throw CudaError(cudaErrorLaunchTimeout,
                    "the GPU's %globaltimer stopped advancing: the host-flag hold ran past its SM-cycle cap "
                    "(a frozen or virtualised timer; no GPU time can be trusted)");
  if (hold && blocker.timed_out()) return -1;
  return stop.seconds_since(start);
}

constexpr const char* kEventsOnly = "; timed with CUDA events only (host submission overhead may be in short launches)";

}  // namespace

LaunchTiming time_launches(cudaStream_t stream, const Launch& launch, const TimingOptions& o) {
  HostFlagBlocker blocker;
  Event start, stop;
  for (int i = 0; i < o.warmup_launches; ++i) launch(stream);
  GA_CUDA(cudaStreamSynchronize(stream));
  GA_CUDA(cudaGetLastError());

  LaunchTiming t;
  t.held = o.hold_with_host_flag && blocker.available();
  if (o.hold_with_host_flag && !blocker.available()) t.hold_fallback = blocker.unavailable_reason() + kEventsOnly;
  double one = one_sample(stream, launch, 1, t.held, blocker, start, stop);
  if (one <= 0) one = 1e-3;
  t.batch = static_cast<int>(std::clamp(std::ceil(o.target_sample_s / one), 1.0, static_cast<double>(std::max(1, o.max_batch))));

  t.window_begin_s = steady_seconds();
  while (true) {
    if (o.before_sample) o.before_sample(stream);
    const double s = one_sample(stream, launch, t.batch, t.held, blocker, start, stop);
    if (s < 0) {
      // The host took longer than the hold to queue the batch: smaller batches, and give up on the
      // hold when even single launches cannot be queued in time (or the GPU never sees the host's
      // write to mapped memory): the figure is then timed on events alone, and says so.
      t.batch = std::max(1, t.batch / 2);
      if (++t.discarded > 8) {
        t.held = false;
        t.hold_fallback = "the host-flag hold timed out " + std::to_string(t.discarded) + " times" + kEventsOnly;
      }
      continue;
    }
    t.seconds_per_launch.push_back(s / t.batch);
    t.stop = should_stop(t.seconds_per_launch, steady_seconds() - t.window_begin_s, o.policy);
    if (t.stop != StopReason::keep_going) break;
  }
  t.window_end_s = steady_seconds();
  return t;
}

double time_one_launch(cudaStream_t stream, const Launch& launch) {
  HostFlagBlocker blocker;
  Event start, stop;
  launch(stream);
  GA_CUDA(cudaStreamSynchronize(stream));
  const double s = one_sample(stream, launch, 1, blocker.available(), blocker, start, stop);
  return s > 0 ? s : one_sample(stream, launch, 1, false, blocker, start, stop);
}

int calibrate_iterations(const std::function<double(int iters)>& seconds_for, int first, double target_s,
                         int max_iters, int multiple) {
  multiple = std::max(1, multiple);
  const auto round_to = [&](double v) {
    const double r = std::floor(v / multiple) * multiple;
    return static_cast<int>(std::clamp(r, static_cast<double>(multiple), static_cast<double>(max_iters)));
  };
  int iters = round_to(first);
  double t = seconds_for(iters);
  while (t < target_s / 10 && iters < max_iters) {
    iters = round_to(static_cast<double>(iters) * 8);
    t = seconds_for(iters);
  }
  if (t <= 0) return iters;
  return round_to(static_cast<double>(iters) * target_s / t);
}

}  // namespace gpuaudit
