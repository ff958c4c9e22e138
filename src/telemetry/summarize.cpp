#include "telemetry/summarize.hpp"

#include "probe/clock_reasons.hpp"

#include <algorithm>
#include <functional>

namespace gpuaudit {

std::optional<Range> min_median_max(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  Range r;
  r.min = *std::min_element(values.begin(), values.end());
  r.max = *std::max_element(values.begin(), values.end());
  r.median = median_of(std::move(values));
  return r;
}

namespace {

template <typename Field>
std::optional<Range> range_of(std::span<const TelemetrySample> samples, Field field) {
  std::vector<double> v;
  for (const auto& s : samples)
    if (const auto& x = std::invoke(field, s)) v.push_back(*x);
  return min_median_max(std::move(v));
}

}  // namespace

TelemetrySummary summarize_telemetry(std::span<const TelemetrySample> samples) {
  TelemetrySummary t;
  t.samples = static_cast<int>(samples.size());
  t.sm_clock_mhz = range_of(samples, &TelemetrySample::sm_clock_mhz);
  t.mem_clock_mhz = range_of(samples, &TelemetrySample::mem_clock_mhz);
  t.power_w = range_of(samples, &TelemetrySample::power_w);
  t.temperature_c = range_of(samples, &TelemetrySample::temperature_c);
  t.gpu_util_pct = range_of(samples, &TelemetrySample::gpu_util_pct);
  std::uint64_t seen = 0;
  for (const auto& s : samples) {
    if (s.clock_reasons) seen |= *s.clock_reasons;
    if (s.pcie_gen) t.pcie_gen_max_seen = std::max(t.pcie_gen_max_seen.value_or(0), *s.pcie_gen);
    if (s.pcie_width) t.pcie_width_max_seen = std::max(t.pcie_width_max_seen.value_or(0), *s.pcie_width);
  }
  for (const auto& name : clock_reason_names(seen))
    if (name != "gpu-idle") t.clock_event_reasons.push_back(name);
  return t;
}

std::vector<TelemetrySample> samples_in_window(std::span<const TelemetrySample> all, double t0, double t1) {
  std::vector<TelemetrySample> out;
  for (const auto& s : all)
    if (s.t_s >= t0 && s.t_s <= t1) out.push_back(s);
  if (out.empty()) {
    const TelemetrySample* last = nullptr;
    for (const auto& s : all)
      if (s.t_s <= t1) last = &s;
    if (last) out.push_back(*last);
  }
  return out;
}

}  // namespace gpuaudit
