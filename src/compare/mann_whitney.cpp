#include "compare/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gpuaudit {

namespace {

struct Ranking {
  double rank_sum_x = 0;
  double tie_term = 0;  // sum over tie groups of (t^3 - t)
  bool ties = false;
};

// Mid-ranks (1-based) of all samples together; x's ranks summed.
Ranking rank(std::span<const double> x, std::span<const double> y) {
  std::vector<std::pair<double, bool>> all;  // value, from x
  all.reserve(x.size() + y.size());
  for (double v : x) all.emplace_back(v, true);
  for (double v : y) all.emplace_back(v, false);
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Ranking r;
  for (size_t i = 0; i < all.size();) {
    size_t j = i;
    while (j < all.size() && all[j].first == all[i].first) ++j;
    const double t = static_cast<double>(j - i);
    const double mid_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    for (size_t k = i; k < j; ++k)
      if (all[k].second) r.rank_sum_x += mid_rank;
    if (j - i > 1) {
      r.ties = true;
      r.tie_term += t * t * t - t;
    }
    i = j;
  }
  return r;
}

// Number of arrangements giving each U = 0..n1*n2, from the generating function
// prod_{i=1..n2} (1 - q^(n1+i)) / (1 - q^i) (Gaussian binomial coefficient). Doubles: the counts
// reach C(n1+n2, n1), far beyond 64 bits for large samples, and only their ratios matter.
std::vector<double> u_counts(int n1, int n2) {
  const int m = n1 * n2;
  std::vector<double> c(static_cast<size_t>(m) + 1, 0.0);
  c[0] = 1;
  for (int i = 1; i <= n2; ++i) {
    // multiply by (1 - q^(n1+i)) ...
    for (int k = m; k >= n1 + i; --k) c[static_cast<size_t>(k)] -= c[static_cast<size_t>(k - n1 - i)];
    // ... and divide by (1 - q^i): c[k] += c[k - i], ascending.
    for (int k = i; k <= m; ++k) c[static_cast<size_t>(k)] += c[static_cast<size_t>(k - i)];
  }
  return c;
}

double normal_sf(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

}  // namespace

double smallest_possible_p(int n1, int n2) {
  if (n1 <= 0 || n2 <= 0) return 1.0;
  // C(n1 + n2, n1) via lgamma: fine for any n, and 2 / C is all we need.
  const double log_c = std::lgamma(n1 + n2 + 1.0) - std::lgamma(n1 + 1.0) - std::lgamma(n2 + 1.0);
  return std::min(1.0, 2.0 * std::exp(-log_c));
}

UTestResult mann_whitney_u(std::span<const double> x, std::span<const double> y) {
  if (x.empty() || y.empty()) throw std::invalid_argument("Mann-Whitney U test needs samples on both sides");
  const double n1 = static_cast<double>(x.size());
  const double n2 = static_cast<double>(y.size());
  const Ranking r = rank(x, y);
  UTestResult res;
  res.u = r.rank_sum_x - n1 * (n1 + 1) / 2;
  const double mean_u = n1 * n2 / 2;
  const double u_far = std::max(res.u, n1 * n2 - res.u);  // the tail farther from the mean

  if (!r.ties && x.size() * y.size() <= static_cast<size_t>(kExactLimit)) {
    const auto counts = u_counts(static_cast<int>(x.size()), static_cast<int>(y.size()));
    double total = 0, tail = 0;
    for (size_t k = 0; k < counts.size(); ++k) {
      total += counts[k];
      if (static_cast<double>(k) >= u_far) tail += counts[k];
    }
    res.exact = true;
    res.p_value = std::min(1.0, 2.0 * tail / total);
    return res;
  }

  const double n = n1 + n2;
  const double var = n1 * n2 / 12.0 * ((n + 1) - r.tie_term / (n * (n - 1)));
  if (var <= 0) {  // every sample equal: nothing to tell apart
    res.p_value = 1.0;
    return res;
  }
  const double z = (u_far - mean_u - 0.5) / std::sqrt(var);  // continuity correction
  res.p_value = std::clamp(2.0 * normal_sf(z), 0.0, 1.0);
  return res;
}

}  // namespace gpuaudit
