#include "run/run_estimate.hpp"

#include "core/figure_catalogue.hpp"
#include "measure/burst_sustained.hpp"
#include "measure/sampling_policy.hpp"

#include <algorithm>

namespace gpuaudit {

double bench_seconds(const std::string& bench, const std::string& mode, EstimateCase c) {
  const SamplingPolicy p = default_policy(mode);
  const bool full = mode == "full";
  // Converged: min_samples batches of ~20 ms plus warm-up and calibration (~0.1 s). Budget: the
  // sampler stops once its budget is spent: budget plus the sample that crosses it, within the hard cap.
  const double sampled = c == EstimateCase::typical ? p.min_samples * 0.02 + 0.1 : std::min(p.hard_cap_s, p.budget_s * 1.2);
  const double setup = 0.4;  // allocation, random fill, copying the checked chunks back
  // What the benchmark spends beyond that: its time class in the figure catalogue.
  const auto spec = figure_spec(bench);
  switch (spec ? spec->run_time : RunTime::kSampled) {
    case RunTime::kShapeSearch: {
      const double search = full ? 20.0 : 3.0;  // gemm.cpp's shape-search budget
      const SustainPlan soak = sustain_plan(bench, mode);
      return setup + search + 0.5 /* final algorithm pass + host check */ + sampled + (soak.enabled ? soak.window_s : 0);
    }
    case RunTime::kFillCard: return 3.0;                             // fills the card in chunks, then frees it
    case RunTime::kFixedKernel: return (full ? 1.0 : 0.2) * 3 + setup;  // a few runs of its fixed-length kernel
    case RunTime::kLargeArrays: return setup + 0.4 + sampled;       // arrays of several GiB to fill and check
    case RunTime::kPageable: return setup + 0.3 + sampled;
    case RunTime::kSampled: break;
  }
  return setup + sampled;
}

double schedule_seconds(const std::vector<ScheduleStep>& steps, const std::string& mode, EstimateCase c) {
  double total = steps.empty() ? 0 : 1.0;  // CUDA contexts (made in parallel under the concurrent schedule)
  for (const auto& s : steps) total += bench_seconds(s.bench, mode, c);
  return total;
}

}  // namespace gpuaudit
