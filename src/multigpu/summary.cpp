#include "multigpu/summary.hpp"

#include "core/stats.hpp"

#include <algorithm>

namespace gpuaudit::multigpu {

SweepSummary summarize_sweep(const std::vector<SweepPoint>& points) {
  SweepSummary s;
  s.sizes = static_cast<int>(points.size());
  std::vector<double> small_times;
  for (const auto& p : points) {
    if (p.wrong_elements > 0) {
      ++s.sizes_wrong;
      continue;  // a wrong result's speed means nothing
    }
    if (p.busbw_gbs > s.peak_busbw_gbs) {
      s.peak_busbw_gbs = p.busbw_gbs;
      s.peak_algbw_gbs = p.algbw_gbs;
      s.peak_bytes = p.bytes;
    }
    if (p.bytes <= kSmallMessageBytes && p.time_us > 0) small_times.push_back(p.time_us);
  }
  if (s.peak_busbw_gbs > 0) {
    for (const auto& p : points)  // points are in size order; the first one near the peak
      if (p.wrong_elements == 0 && p.busbw_gbs >= kNearPeakFraction * s.peak_busbw_gbs) {
        s.near_peak_bytes = p.bytes;
        break;
      }
  }
  if (!small_times.empty()) {
    s.small_message_latency_us = median_of(small_times);
  } else {
    // No size in the latency-bound range: the smallest correct one is the best we have.
    for (const auto& p : points)
      if (p.wrong_elements == 0 && p.time_us > 0) {
        s.small_message_latency_us = p.time_us;
        break;
      }
  }
  return s;
}

std::vector<ScalingPoint> scaling_efficiency(const std::vector<std::pair<int, double>>& peak_by_gpus,
                                             std::optional<double> expected) {
  std::optional<double> two;
  for (const auto& [n, bw] : peak_by_gpus)
    if (n == 2 && bw > 0) two = bw;
  std::vector<ScalingPoint> out;
  for (const auto& [n, bw] : peak_by_gpus) {
    if (n < 2) continue;  // one GPU has no bus bandwidth: nothing to scale from
    ScalingPoint p;
    p.gpus = n;
    p.peak_busbw_gbs = bw;
    if (two) p.efficiency_vs_2gpu = bw / *two;
    if (expected && *expected > 0) p.efficiency_vs_expected = bw / *expected;
    out.push_back(p);
  }
  std::sort(out.begin(), out.end(), [](const ScalingPoint& a, const ScalingPoint& b) { return a.gpus < b.gpus; });
  return out;
}

std::string size_label(std::size_t bytes) {
  static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  std::size_t v = bytes;
  while (u < 4 && v >= 1024 && v % 1024 == 0) {
    v /= 1024;
    ++u;
  }
  return std::to_string(v) + " " + units[u];
}

}  // namespace gpuaudit::multigpu
