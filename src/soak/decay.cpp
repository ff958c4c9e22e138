#include "soak/decay.hpp"

#include "core/stats.hpp"
#include "probe/clock_reasons.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace gpuaudit {

namespace {

using Field = std::optional<double> SoakPoint::*;

std::optional<double> median_over(const std::vector<SoakPoint>& p, size_t lo, size_t hi, Field f) {
  std::vector<double> v;
  for (size_t i = lo; i < hi && i < p.size(); ++i)
    if (const auto& x = p[i].*f; x && std::isfinite(*x)) v.push_back(*x);
  if (v.empty()) return std::nullopt;
  return median_of(std::move(v));
}

std::optional<double> max_over(const std::vector<SoakPoint>& p, Field f) {
  std::optional<double> m;
  for (const auto& pt : p)
    if (const auto& x = pt.*f; x && (!m || *x > *m)) m = *x;
  return m;
}

std::optional<double> ratio(const std::optional<double>& steady, const std::optional<double>& first) {
  if (!steady || !first || *first <= 0) return std::nullopt;
  return *steady / *first;
}

// The first point at or after `from` below `limit` from which the median of the rest stays below.
std::optional<double> drop_time(const std::vector<SoakPoint>& p, size_t from, Field f, const std::optional<double>& ref,
                                double threshold) {
  if (!ref) return std::nullopt;
  const double limit = *ref * (1 - threshold);
  for (size_t i = from; i < p.size(); ++i) {
    const auto& x = p[i].*f;
    if (!x || *x >= limit) continue;
    if (const auto rest = median_over(p, i, p.size(), f); rest && *rest < limit) return p[i].t_s;
  }
  return std::nullopt;
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace

SoakDecay detect_decay(const std::vector<SoakPoint>& points, const DecayOptions& opt) {
  SoakDecay d;
  d.verdict = "too-short";
  if (points.size() < 3) {
    d.summary = "fewer than 3 intervals: no verdict";
    return d;
  }
  const double total = points.back().t_s;
  d.first_window_s = std::min(opt.first_window_s, total / 3);
  size_t first_end = 1;  // [0, first_end) is the first window
  while (first_end < points.size() && points[first_end].t_s <= d.first_window_s) ++first_end;
  first_end = std::min(first_end, points.size() - 1);  // leave at least one point for the steady state
  d.steady_from_s = total * (1 - opt.steady_fraction);
  size_t steady_begin = points.size() - 1;
  while (steady_begin > first_end && points[steady_begin - 1].t_s >= d.steady_from_s) --steady_begin;
  const size_t n = points.size();

  d.gemm_first_tflops = median_over(points, 0, first_end, &SoakPoint::gemm_tflops);
  d.gemm_steady_tflops = median_over(points, steady_begin, n, &SoakPoint::gemm_tflops);
  d.gemm_ratio = ratio(d.gemm_steady_tflops, d.gemm_first_tflops);
  d.hbm_first_gbs = median_over(points, 0, first_end, &SoakPoint::hbm_gbs);
  d.hbm_steady_gbs = median_over(points, steady_begin, n, &SoakPoint::hbm_gbs);
  d.hbm_ratio = ratio(d.hbm_steady_gbs, d.hbm_first_gbs);
  d.sm_clock_first_mhz = median_over(points, 0, first_end, &SoakPoint::sm_clock_mhz);
  d.sm_clock_steady_mhz = median_over(points, steady_begin, n, &SoakPoint::sm_clock_mhz);
  d.temperature_first_c = median_over(points, 0, first_end, &SoakPoint::temperature_c);
  d.temperature_max_c = max_over(points, &SoakPoint::temperature_c);
  d.power_first_w = median_over(points, 0, first_end, &SoakPoint::power_w);
  d.power_steady_w = median_over(points, steady_begin, n, &SoakPoint::power_w);

  d.clock_drop_t_s = drop_time(points, first_end, &SoakPoint::sm_clock_mhz, d.sm_clock_first_mhz, opt.threshold);
  d.throughput_drop_t_s = d.gemm_first_tflops
                              ? drop_time(points, first_end, &SoakPoint::gemm_tflops, d.gemm_first_tflops, opt.threshold)
                              : drop_time(points, first_end, &SoakPoint::hbm_gbs, d.hbm_first_gbs, opt.threshold);

  std::map<std::string, int> counts;
  for (size_t i = steady_begin; i < n; ++i)
    for (const auto& r : points[i].reasons)
      if (r != "gpu-idle") ++counts[r];
  std::vector<std::pair<std::string, int>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  for (const auto& [r, c] : sorted) d.reasons.push_back(r);

  const bool gemm_down = d.gemm_ratio && *d.gemm_ratio < 1 - opt.threshold;
  const bool hbm_down = d.hbm_ratio && *d.hbm_ratio < 1 - opt.threshold;
  std::string text;
  if (gemm_down || hbm_down) {
    d.verdict = "decayed";
    d.cause = "unexplained";
    for (const auto& r : d.reasons) {
      if (is_thermal_reason(r)) d.cause = "thermal";
      else if (is_power_reason(r)) d.cause = "power";
      else continue;
      break;
    }
    if (gemm_down)
      text = "GEMM fell " + fmt("%.0f%%", 100 * (1 - *d.gemm_ratio)) + " (" + fmt("%.0f", *d.gemm_first_tflops) + " -> " +
             fmt("%.0f TFLOP/s)", *d.gemm_steady_tflops);
    if (hbm_down)
      text += std::string(text.empty() ? "" : ", ") + "HBM fell " + fmt("%.0f%%", 100 * (1 - *d.hbm_ratio)) + " (" +
              fmt("%.0f", *d.hbm_first_gbs) + " -> " + fmt("%.0f GB/s)", *d.hbm_steady_gbs);
    if (d.throughput_drop_t_s) text += " from t=" + fmt("%.0f s", *d.throughput_drop_t_s);
    if (d.sm_clock_first_mhz && d.sm_clock_steady_mhz)
      text += "; SM clock " + fmt("%.0f", *d.sm_clock_first_mhz) + " -> " + fmt("%.0f MHz", *d.sm_clock_steady_mhz);
    if (d.clock_drop_t_s) text += " from t=" + fmt("%.0f s", *d.clock_drop_t_s);
    if (!d.reasons.empty()) {
      text += "; NVML:";
      for (size_t i = 0; i < d.reasons.size(); ++i) text += (i ? ", " : " ") + d.reasons[i];
    }
    text += " (" + *d.cause + ")";
  } else {
    d.verdict = total >= opt.min_stable_s ? "stable" : "too-short";
    text = d.verdict == "stable" ? "steady over " + fmt("%.1f min", total / 60) : "no decay in " + fmt("%.1f min", total / 60) + " (2+ min for a verdict)";
    if (d.gemm_ratio) text += ": GEMM " + fmt("%.0f%%", 100 * *d.gemm_ratio) + " of the first minute";
    if (d.hbm_ratio) text += std::string(d.gemm_ratio ? ", " : ": ") + "HBM " + fmt("%.0f%%", 100 * *d.hbm_ratio);
    if (d.sm_clock_steady_mhz) text += "; SM clock " + fmt("%.0f MHz", *d.sm_clock_steady_mhz);
    if (d.clock_drop_t_s && d.sm_clock_first_mhz && d.sm_clock_steady_mhz)
      text += " (down from " + fmt("%.0f", *d.sm_clock_first_mhz) + " at t=" + fmt("%.0f s", *d.clock_drop_t_s) + ")";
  }
  d.summary = text;
  return d;
}

}  // namespace gpuaudit
