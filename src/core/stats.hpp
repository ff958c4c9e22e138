// Summary statistics of repeated measurements. Median is the figure we report: it is robust to
// the occasional preempted or late sample, which min (best case) and CV (spread) then expose.
#pragma once

#include "core/json.hpp"

#include <span>
#include <vector>

namespace gpuaudit {

struct Summary {
  int n = 0;
  double median = 0, min = 0, max = 0, mean = 0;
  double stddev = 0;  // sample standard deviation (n-1)
  double cv = 0;      // stddev / mean; 0 for n < 2
};
GA_JSON_VALUE(Summary, n, median, min, max, mean, stddev, cv)

// Throws std::invalid_argument on an empty input or a non-finite sample.
Summary summarize(std::span<const double> samples);

double median_of(std::vector<double> values);

}  // namespace gpuaudit
