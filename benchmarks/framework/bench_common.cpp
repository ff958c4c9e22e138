#include "benchmarks/framework/bench_common.hpp"

#include "core/stats.hpp"
#include "measure/random_bits.hpp"

#include <atomic>
#include <chrono>
#include <cstring>

namespace gpuaudit {

Measurement measurement_from_timing(const LaunchTiming& t, double work_per_launch, double unit_scale) {
  Measurement m;
  for (double s : t.seconds_per_launch) m.samples.push_back(work_per_launch / s / unit_scale);
  if (!t.seconds_per_launch.empty()) m.seconds_per_sample = median_of(t.seconds_per_launch) * t.batch;
  m.window_begin_s = t.window_begin_s;
  m.window_end_s = t.window_end_s;
  m.params["timing"] = timing_params(t);
  if (!t.hold_fallback.empty() && m.message.empty()) m.message = t.hold_fallback;
  return m;
}

json timing_params(const LaunchTiming& t) {
  json j = json::object();
  j["launches_per_sample"] = t.batch;
  j["stop_reason"] = to_string(t.stop);
  j["sampling_s"] = t.window_end_s - t.window_begin_s;
  if (t.discarded) j["samples_discarded"] = t.discarded;
  j["host_flag_hold"] = t.held;
  if (!t.hold_fallback.empty()) j["hold_fallback"] = t.hold_fallback;
  return j;
}

std::uint64_t fresh_seed() {
  static std::atomic<std::uint64_t> counter{0};
  const auto now = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return rnd::mix64(now ^ rnd::mix64(++counter));
}

std::vector<std::uint32_t> float_bits(const std::vector<float>& v) {
  std::vector<std::uint32_t> out(v.size());
  if (!v.empty()) std::memcpy(out.data(), v.data(), v.size() * sizeof(float));
  return out;
}

}  // namespace gpuaudit
