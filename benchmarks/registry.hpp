// Every GPU measurement registers itself here once, with what it is (name, unit, direction) and
// when it runs (order, quick/full, one GPU or all of them). gpuaudit run (the "gpu" suite) and
// gpuaudit-gbench both hand these registrations to Google Benchmark, so the two never diverge.
#pragma once

#include "cuda/device_info.hpp"
#include "gpubench/measurement.hpp"
#include "gpubench/sampling_policy.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// What a measurement is given. The runner has already made `device` current.
struct BenchEnv {
  int device = 0;                // CUDA ordinal
  DeviceInfo info;               // of `device`
  std::string mode = "quick";    // quick | full
  SamplingPolicy policy;         // default_policy(mode)
  std::vector<int> devices;      // every selected device (for all-GPU measurements)
  std::optional<int> numa_node;  // of the device's PCI slot, when the machine says
};

struct GpuBenchmark {
  BenchmarkInfo info;
  int order = 0;            // run order on each GPU; mem/allocatable goes last (it takes all memory)
  bool full_only = false;   // only under --full
  bool all_gpus = false;    // one run across every selected GPU (gpu = null in the document)
  std::function<Measurement(const BenchEnv&)> run;
};

// All registrations, sorted by (order, name).
std::vector<GpuBenchmark> gpu_benchmarks();

struct RegisterGpuBenchmark {
  explicit RegisterGpuBenchmark(GpuBenchmark b);
};

}  // namespace gpuaudit
