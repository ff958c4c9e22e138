#include "benchmarks/framework/gbench_adapter.hpp"

#if GPUAUDIT_HAVE_GBENCH

#include "core/stats.hpp"

#include <map>
#include <mutex>

namespace gpuaudit {

namespace {

std::mutex g_store_mutex;
std::map<std::string, Measurement>& store() {
  static std::map<std::string, Measurement> s;
  return s;
}

void set_counters(benchmark::State& st, const BenchmarkInfo& info, const Measurement& m) {
  if (m.status == "ok" && !m.samples.empty()) {
    const Summary s = summarize(m.samples);
    st.counters["value"] = s.median;
    st.counters["min"] = s.min;
    st.counters["max"] = s.max;
    st.counters["cv_pct"] = 100.0 * s.cv;
    st.counters["samples"] = s.n;
    for (const auto& [k, v] : m.derived) st.counters[k] = v;
  }
  if (m.telemetry) {
    if (m.telemetry->sm_clock_mhz) st.counters["sm_mhz"] = m.telemetry->sm_clock_mhz->median;
    if (m.telemetry->power_w) st.counters["power_w_max"] = m.telemetry->power_w->max;
  }
  st.SetLabel(info.unit);
}

// 1.8 added SkipWithMessage for benchmarks that are skipped rather than broken.
template <typename State>
void skip(State& st, const std::string& status, const std::string& text) {
  if constexpr (requires { st.SkipWithMessage(text); }) {
    if (status == "not-applicable" || status == "skipped") {
      st.SkipWithMessage(text);
      return;
    }
  }
  st.SkipWithError(text.c_str());
}

}  // namespace

void register_with_gbench(const std::vector<RunTarget>& targets, const RunnerConfig& config) {
  for (const auto& t : targets) {
    auto fn = [t, config](benchmark::State& st) {
      Measurement m;
      for (auto _ : st) {
        m = execute(t, config);
        st.SetIterationTime(m.seconds_per_sample > 0 ? m.seconds_per_sample : 1e-9);
      }
      set_counters(st, t.bench.info, m);
      const std::string status = m.status, text = m.status + ": " + m.message;
      {
        std::lock_guard<std::mutex> lock(g_store_mutex);
        store()[t.registration] = std::move(m);
      }
      if (status != "ok") skip(st, status, text);
    };
    benchmark::RegisterBenchmark(t.registration.c_str(), fn)
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
}

std::optional<Measurement> take_measurement(const std::string& registration) {
  std::lock_guard<std::mutex> lock(g_store_mutex);
  auto it = store().find(registration);
  if (it == store().end()) return std::nullopt;
  Measurement m = std::move(it->second);
  store().erase(it);
  return m;
}

namespace {
// A template, so only the branch for the installed version's fields is compiled.
template <typename Run>
std::string run_error(const Run& run) {
  if constexpr (requires { run.error_occurred; }) {
    return run.error_occurred ? run.error_message : std::string();
  } else {
    return run.skipped ? run.skip_message : std::string();
  }
}
}  // namespace

std::string gbench_run_error(const benchmark::BenchmarkReporter::Run& run) { return run_error(run); }

}  // namespace gpuaudit

#endif
