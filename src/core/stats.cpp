#include "core/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace gpuaudit {

double median_of(std::vector<double> v) {
  if (v.empty()) throw std::invalid_argument("median of no values");
  std::sort(v.begin(), v.end());
  const size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

Summary summarize(std::span<const double> samples) {
  if (samples.empty()) throw std::invalid_argument("no samples to summarize");
  for (double x : samples)
    if (!std::isfinite(x)) throw std::invalid_argument("non-finite sample");
  Summary s;
  s.n = static_cast<int>(samples.size());
  s.median = median_of({samples.begin(), samples.end()});
  auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
  s.min = *lo;
  s.max = *hi;
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / s.n;
  if (s.n > 1) {
    double ss = 0;
    for (double x : samples) ss += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(ss / (s.n - 1));
    s.cv = s.mean != 0 ? s.stddev / std::fabs(s.mean) : 0;
  }
  return s;
}

}  // namespace gpuaudit
