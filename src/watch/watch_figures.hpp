// The watched job as figures, so `compare` (two runs of the same job: what changed), `report` and
// `export` read it as they read any figure: per GPU the share of each interval a kernel ran
// (watch/gpu_busy, %), the job's own rate from --metric (watch/metric, "<unit>/s"), and its wall time
// (watch/duration, s). The family keeps its own units (core/figure_catalogue.cpp).
#pragma once

#include "core/result.hpp"
#include "watch/watch_record.hpp"

#include <vector>

namespace gpuaudit {

std::vector<BenchmarkResult> watch_figures(const WatchRecord& r);

}  // namespace gpuaudit
