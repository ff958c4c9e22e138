// The bridge to Google Benchmark: each RunTarget becomes one registered benchmark (manual time,
// one iteration), and each finished run's Measurement is kept until a reporter takes it.
//
// Why one iteration: Google Benchmark finds its iteration count by re-running a benchmark with
// growing counts, which would repeat our setup and correctness check each time. Our own sampler
// (cuda/launch_timer.hpp) decides the repeats instead (until the CV is small or the budget ends);
// Google Benchmark records the median sample time as the iteration time and the figure, its spread
// and the telemetry as counters, so --benchmark_format=json carries everything.
#pragma once

#if GPUAUDIT_HAVE_GBENCH

#include "benchmarks/framework/runner.hpp"

#include <benchmark/benchmark.h>

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

void register_with_gbench(const std::vector<RunTarget>& targets, const RunnerConfig& config);

// The Measurement of the latest run of `registration` (see gbench_names.hpp), removed from the store.
std::optional<Measurement> take_measurement(const std::string& registration);

// Google Benchmark's error text of a run (1.7: error_message; 1.8+: skip_message), empty when none.
std::string gbench_run_error(const benchmark::BenchmarkReporter::Run& run);

}  // namespace gpuaudit

#endif
