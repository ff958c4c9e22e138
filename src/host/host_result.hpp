// How a host check turns its samples into a BenchmarkResult, so every host figure has the same
// shape: samples, summarize()d, host-wide (gpu null), and an "error" result that carries a
// one-line message instead of a figure.
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

BenchmarkResult host_figure(const std::string& name, const std::string& unit, std::vector<double> samples,
                            bool higher_is_better = true);

BenchmarkResult host_status(const std::string& name, const std::string& unit, const std::string& status,
                            const std::string& message);

}  // namespace gpuaudit
