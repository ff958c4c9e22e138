#include "measure/measurement.hpp"

#include <chrono>
#include <cmath>

namespace gpuaudit {

Measurement status_only(std::string status, std::string message) {
  Measurement m;
  m.status = std::move(status);
  m.message = std::move(message);
  return m;
}

BenchmarkResult to_benchmark_result(const BenchmarkInfo& info, std::optional<int> gpu, const Measurement& m) {
  BenchmarkResult r;
  r.name = info.name;
  r.unit = info.unit;
  r.higher_is_better = info.higher_is_better;
  r.gpu = gpu;
  r.status = m.status;
  r.message = m.message;
  r.params = m.params.is_object() ? m.params : json::object();
  r.telemetry = m.telemetry;
  if (m.status != "ok") return r;  // no figure: samples of a failed check are not kept either

  if (m.samples.empty()) {
    r.status = "error";
    r.message = "the benchmark produced no samples";
    return r;
  }
  for (double s : m.samples)
    if (!std::isfinite(s) || s <= 0) {
      r.status = "error";
      r.message = "the benchmark produced an invalid sample (" + std::to_string(s) + ")";
      return r;
    }
  r.samples = m.samples;
  r.summary = summarize(m.samples);
  r.derived = m.derived;
  return r;
}

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace gpuaudit
