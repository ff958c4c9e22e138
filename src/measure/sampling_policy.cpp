#include "measure/sampling_policy.hpp"

#include "core/stats.hpp"

namespace gpuaudit {

StopReason should_stop(const std::vector<double>& samples, double elapsed_s, const SamplingPolicy& p) {
  const int n = static_cast<int>(samples.size());
  if (n >= p.max_samples) return StopReason::max_samples;
  if (n >= 2 && elapsed_s >= p.hard_cap_s) return StopReason::hard_cap;
  if (n < p.min_samples) return StopReason::keep_going;
  if (summarize(samples).cv <= p.target_cv) return StopReason::converged;
  if (elapsed_s >= p.budget_s) return StopReason::budget;
  return StopReason::keep_going;
}

std::string to_string(StopReason r) {
  switch (r) {
    case StopReason::keep_going: return "keep-going";
    case StopReason::converged: return "converged";
    case StopReason::budget: return "budget";
    case StopReason::max_samples: return "max-samples";
    case StopReason::hard_cap: return "hard-cap";
  }
  return "?";
}

double expected_duration_s(const SamplingPolicy& p) { return p.budget_s; }

SamplingPolicy default_policy(const std::string& mode) {
  SamplingPolicy p;
  if (mode == "full") {
    p.min_samples = 10;
    p.max_samples = 200;
    p.target_cv = 0.005;
    p.budget_s = 4.0;
    p.hard_cap_s = 30.0;
  } else {
    p.min_samples = 5;
    p.max_samples = 40;
    p.target_cv = 0.01;
    p.budget_s = 0.6;
    p.hard_cap_s = 8.0;
  }
  return p;
}

}  // namespace gpuaudit
