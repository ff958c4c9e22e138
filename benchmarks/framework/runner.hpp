// Running registered GPU measurements: which (benchmark, GPU) pairs to run, and running one of them
// safely (device made current, CUDA and library errors turned into status "error", telemetry of
// its timed window attached).
#pragma once

#include "benchmarks/framework/registry.hpp"
#include "telemetry/sampler.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct RunTarget {
  GpuBenchmark bench;
  int device = 0;              // CUDA ordinal (the first selected one for all-GPU measurements)
  std::optional<int> gpu;      // index in the result document; null for all-GPU measurements
  std::vector<int> devices;    // every selected ordinal
  std::string registration;    // registration_name(bench.info.name, gpu)
};

struct SelectedDevice {
  int ordinal = 0;
  int gpu = 0;  // document index (gpuaudit-gbench: the ordinal)
};

struct RunnerConfig {
  std::string mode = "quick";
  const TelemetrySampler* sampler = nullptr;  // keyed by document GPU index
  std::function<bool()> interrupted;          // checked before each measurement starts
  std::function<void(const RunTarget&)> on_start;
};

// Per device, every benchmark in order (full-only ones only in full mode); then each all-GPU
// benchmark once. `selected` filters by name (null: everything).
std::vector<RunTarget> plan_targets(const std::vector<GpuBenchmark>& benchmarks, const std::vector<SelectedDevice>& devices,
                                    const std::string& mode, const std::function<bool(const std::string&)>& selected);

Measurement execute(const RunTarget& target, const RunnerConfig& config);

}  // namespace gpuaudit
