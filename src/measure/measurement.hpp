// What one GPU measurement hands back, whoever runs it (gpuaudit run or gpuaudit-gbench), and how
// it becomes a BenchmarkResult in the document.
#pragma once

#include "core/result.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit {

struct Measurement {
  std::string status = "ok";  // ok | check-failed | error | skipped | not-applicable
  std::string message;        // why, for any status but ok; notes (e.g. "arrays below 8x L2") for ok
  std::vector<double> samples;  // one value per repetition, in the benchmark's unit
  json params = json::object();
  std::map<std::string, double> derived;
  double seconds_per_sample = 0;  // median time of one repetition (Google Benchmark's manual time)
  // The timed phase on the steady clock (seconds since its epoch), for the telemetry window; null
  // when the benchmark did not time anything (check failed, not applicable).
  std::optional<double> window_begin_s, window_end_s;
  std::optional<TelemetrySummary> telemetry;
  // Further timed windows (steady clock) whose telemetry the runner puts beside params[key]
  // (burst_sustained.hpp: "burst", "sustained").
  std::map<std::string, std::pair<double, double>> phase_windows;
};

Measurement status_only(std::string status, std::string message);
inline Measurement check_failed(std::string m) { return status_only("check-failed", std::move(m)); }
inline Measurement not_applicable(std::string m) { return status_only("not-applicable", std::move(m)); }
inline Measurement measurement_error(std::string m) { return status_only("error", std::move(m)); }

// The static description every registration carries.
struct BenchmarkInfo {
  std::string name;  // "hbm/copy"
  std::string unit;  // "GB/s"
  bool higher_is_better = true;
};

// Builds the document entry. A status of ok with no samples, or with a non-finite or non-positive
// sample, becomes status error: a figure is only ever written from real, positive samples.
BenchmarkResult to_benchmark_result(const BenchmarkInfo& info, std::optional<int> gpu, const Measurement& m);

// Seconds on the steady clock since its epoch (the time base of windows and telemetry samples).
double steady_seconds();

}  // namespace gpuaudit
