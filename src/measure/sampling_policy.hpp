// When to stop repeating a measurement: as soon as the spread is small, or when the benchmark's
// time budget is spent (a noisy card then shows its noise as CV instead of running forever).
#pragma once

#include <string>
#include <vector>

namespace gpuaudit {

struct SamplingPolicy {
  int min_samples = 5;        // never fewer (unless the hard cap ends it first)
  int max_samples = 50;       // never more
  double target_cv = 0.01;    // stop once the coefficient of variation is at or below this
  double budget_s = 1.0;      // stop after min_samples once this much time was spent sampling
  double hard_cap_s = 10.0;   // stop after 2 samples even below min_samples (very slow work)
};

enum class StopReason { keep_going, converged, budget, max_samples, hard_cap };

// `samples` are the values taken so far (any unit; only their spread matters), `elapsed_s` the time
// spent sampling.
StopReason should_stop(const std::vector<double>& samples, double elapsed_s, const SamplingPolicy& p);

std::string to_string(StopReason r);

// How long one measurement under `p` is expected to sample: its budget, after which it stops once
// it has min_samples (most do; a quiet card converges sooner, a very slow kernel runs to the hard
// cap). Setup and warm-up come on top: run's ETA learns their share from the steps already done.
double expected_duration_s(const SamplingPolicy& p);

// The defaults for `gpuaudit run --quick` / `--full` (and gpuaudit-gbench's --gpuaudit_mode).
SamplingPolicy default_policy(const std::string& mode);

}  // namespace gpuaudit
