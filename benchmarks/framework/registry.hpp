// Every GPU measurement registers itself here once, in its family's table (benchmarks/<family>.cpp):
// what it is called and when it runs (order, quick/full, one GPU or all of them). Its unit and
// direction are the figure catalogue's (core/figure_catalogue.cpp), never restated by a
// registration. gpuaudit run (the "gpu" suite) and gpuaudit-gbench both hand these registrations to
// Google Benchmark, so the two never diverge.
#pragma once

#include "cuda/device_info.hpp"
#include "measure/measurement.hpp"
#include "measure/sampling_policy.hpp"

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
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

using RunBenchmark = std::function<Measurement(const BenchEnv&)>;

// One row of a family's registration table, written with designated initializers:
//   {.name = "hbm/copy", .order = 52, .run = stream(StreamOp::copy)}
struct GpuBenchmarkRow {
  std::string_view name;   // the figure's name; it must have an entry in core/figure_catalogue.cpp
  int order = 0;           // run order on each GPU; mem/allocatable goes last (it takes all memory)
  bool full_only = false;  // only under --full
  bool all_gpus = false;   // one run across every selected GPU (gpu = null in the document)
  RunBenchmark run;
};

// A registered measurement: its row, with the unit and direction the catalogue gives its name.
struct GpuBenchmark {
  BenchmarkInfo info;
  int order = 0;
  bool full_only = false;
  bool all_gpus = false;
  RunBenchmark run;
};

// All registrations, sorted by (order, name).
std::vector<GpuBenchmark> gpu_benchmarks();

// A family's table, registered at start-up: `const RegisterGpuBenchmarks registered{{.name = ...}, ...};`
// A name the catalogue does not know stops the program at start-up with a line naming it (a
// developer's mistake, which tests/unit/core/figure_catalogue_test.cpp catches first).
struct RegisterGpuBenchmarks {
  RegisterGpuBenchmarks(std::initializer_list<GpuBenchmarkRow> rows);
};

}  // namespace gpuaudit
