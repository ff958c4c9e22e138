#include "host/host_result.hpp"

namespace gpuaudit {

BenchmarkResult host_figure(const std::string& name, const std::string& unit, std::vector<double> samples,
                            bool higher_is_better) {
  BenchmarkResult r;
  r.name = name;
  r.unit = unit;
  r.higher_is_better = higher_is_better;
  if (samples.empty()) {
    r.status = "error";
    r.message = "no sample was taken";
    return r;
  }
  r.summary = summarize(samples);
  r.samples = std::move(samples);
  return r;
}

BenchmarkResult host_status(const std::string& name, const std::string& unit, const std::string& status,
                            const std::string& message) {
  BenchmarkResult r;
  r.name = name;
  r.unit = unit;
  r.status = status;
  r.message = message;
  return r;
}

}  // namespace gpuaudit
