// How every kernel and library call is timed: warm-up, a batch size calibrated so one sample lasts
// long enough for CUDA events to resolve it, the launches of a sample queued behind a host-flag
// hold (so host submission overhead stays out), and samples repeated until the spread is small or
// the time budget ends (SamplingPolicy).
#pragma once

#include "measure/sampling_policy.hpp"

#include <cuda_runtime.h>

#include <functional>
#include <string>
#include <vector>

namespace gpuaudit {

using Launch = std::function<void(cudaStream_t)>;

struct TimingOptions {
  SamplingPolicy policy;
  bool hold_with_host_flag = true;  // off for work that blocks the host itself (pageable copies)
  Launch before_sample;             // e.g. an L2 flush; runs outside the timed region
  double target_sample_s = 0.02;    // launches per sample chosen so a sample lasts about this long
  int max_batch = 64;               // bounded: queued launches must fit the launch queue
  int warmup_launches = 2;
};

struct LaunchTiming {
  std::vector<double> seconds_per_launch;  // one value per sample (the sample's mean launch)
  int batch = 1;                           // launches per sample
  double window_begin_s = 0, window_end_s = 0;  // steady clock, around the sampling
  StopReason stop = StopReason::keep_going;
  int discarded = 0;  // samples dropped because the host-flag hold timed out
  // Whether the samples ran behind the host-flag hold; when the options asked for it and it could
  // not be had (no mapped pinned memory, or a hold the GPU never saw released), why, for the row.
  bool held = false;
  std::string hold_fallback;
};

// Times `launch` (which must only enqueue work on the stream it is given). Throws CudaError.
LaunchTiming time_launches(cudaStream_t stream, const Launch& launch, const TimingOptions& options);

// Seconds of one launch (held, after one warm-up launch), for sizing work before timing it.
double time_one_launch(cudaStream_t stream, const Launch& launch);

// The work parameter (iterations) that makes one launch take about `target_s`: starts at `first`,
// grows it while launches are too short to scale from, then scales linearly. The result is a
// multiple of `multiple`, within [multiple, max_iters].
int calibrate_iterations(const std::function<double(int iters)>& seconds_for, int first, double target_s,
                         int max_iters, int multiple);

}  // namespace gpuaudit
