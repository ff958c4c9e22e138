#include "soak/soak_runner.hpp"

#include "core/stats.hpp"
#include "measure/output_record.hpp"
#include "probe/clock_reasons.hpp"
#include "soak/decay.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <future>
#include <set>
#include <thread>

namespace gpuaudit {

void summarize_telemetry(const std::vector<SoakTelemetrySample>& samples, SoakPoint& point) {
  std::vector<double> sm, mem, power;
  std::optional<double> temp;
  std::set<std::string> seen;
  for (const auto& s : samples) {
    if (s.sm_clock_mhz) sm.push_back(*s.sm_clock_mhz);
    if (s.mem_clock_mhz) mem.push_back(*s.mem_clock_mhz);
    if (s.power_w) power.push_back(*s.power_w);
    if (s.temperature_c && (!temp || *s.temperature_c > *temp)) temp = s.temperature_c;
    if (s.reasons_mask)
      for (const auto& r : clock_reason_names(*s.reasons_mask))
        if (r != "gpu-idle") seen.insert(r);
  }
  if (!sm.empty()) point.sm_clock_mhz = median_of(sm);
  if (!mem.empty()) point.mem_clock_mhz = median_of(mem);
  if (!power.empty()) point.power_w = median_of(power);
  point.temperature_c = temp;
  point.reasons.assign(seen.begin(), seen.end());
}

void check_soak_output(const std::vector<std::uint16_t>& output, double t_s, std::vector<std::uint16_t>& reference,
                       SoakOutputCheck& check) {
  if (reference.empty()) {
    reference = output;
    check.elements = output.size();
    check.reference_checksum = hex64(checksum_bytes(output.data(), output.size() * sizeof(std::uint16_t)));
    return;
  }
  ++check.checks;
  WordDiff d = diff_words(output, reference);
  if (output.size() != reference.size()) {  // a short read is a wrong result too
    d.differing += output.size() > reference.size() ? output.size() - reference.size() : reference.size() - output.size();
    if (!d.first_index) d.first_index = d.compared;
  }
  if (d.differing == 0) return;
  if (check.mismatched_checks++ == 0) {
    check.mismatches = d.differing;
    check.first_element = d.first_index;
    check.first_got_bits = d.first_got;
    check.first_expected_bits = d.first_expected;
    check.first_t_s = t_s;
  }
}

namespace {

struct IntervalResult {
  std::optional<double> gemm, hbm;
  std::vector<std::uint16_t> output;
  bool has_output = false;
  std::string error;
};

IntervalResult one_interval(SoakWorkload* w, double half_s) {
  IntervalResult r;
  try {
    r.gemm = w->gemm_tflops_for(half_s);
    r.has_output = w->gemm_output(r.output);
    r.hbm = w->hbm_gbs_for(half_s);
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

}  // namespace

SoakRecord run_soak(const SoakOptions& opt, const std::vector<SoakTarget>& targets, SoakTelemetry* telemetry,
                    const std::atomic<bool>& interrupted, const std::function<void(const SoakRecord&)>& checkpoint) {
  using clock = std::chrono::steady_clock;
  SoakRecord rec;
  rec.minutes_requested = opt.minutes;
  rec.interval_s = opt.interval_s;
  if (!targets.empty() && targets.front().workload) rec.workload = targets.front().workload->describe();
  for (const auto& t : targets) rec.gpus.push_back({t.gpu, t.name, "", {}, std::nullopt, std::nullopt, json()});

  std::vector<std::vector<std::uint16_t>> references(targets.size());
  const auto t0 = clock::now();
  const double total_s = opt.minutes * 60;
  auto elapsed = [&] { return std::chrono::duration<double>(clock::now() - t0).count(); };
  const auto period = std::chrono::duration<double>(std::max(0.01, opt.telemetry_period_s));

  while (!interrupted.load() && elapsed() < total_s) {
    std::vector<std::future<IntervalResult>> work(targets.size());
    for (size_t i = 0; i < targets.size(); ++i)
      if (rec.gpus[i].error.empty())
        work[i] = std::async(std::launch::async, one_interval, targets[i].workload, opt.interval_s / 2);
    // Sample telemetry while the GPUs work; stop when every GPU has finished its interval.
    std::vector<std::vector<SoakTelemetrySample>> samples(targets.size());
    for (;;) {
      if (telemetry)
        for (size_t i = 0; i < targets.size(); ++i) samples[i].push_back(telemetry->read(i));
      bool all_done = true;
      for (auto& f : work)
        if (f.valid() && f.wait_for(std::chrono::seconds(0)) != std::future_status::ready) all_done = false;
      if (all_done) break;
      std::this_thread::sleep_for(period);
    }
    const double t = elapsed();
    for (size_t i = 0; i < targets.size(); ++i) {
      if (!work[i].valid()) continue;
      const IntervalResult r = work[i].get();
      GpuTimeline& tl = rec.gpus[i];
      if (!r.error.empty()) {
        tl.error = r.error;
        continue;
      }
      SoakPoint p;
      p.t_s = t;
      p.gemm_tflops = r.gemm;
      p.hbm_gbs = r.hbm;
      summarize_telemetry(samples[i], p);
      if (r.has_output) {
        if (!tl.output_check) tl.output_check = SoakOutputCheck{};
        check_soak_output(r.output, t, references[i], *tl.output_check);
      }
      tl.points.push_back(std::move(p));
      tl.decay = detect_decay(tl.points);
    }
    rec.elapsed_s = t;
    if (checkpoint) checkpoint(rec);
    bool any_alive = false;
    for (const auto& g : rec.gpus) any_alive |= g.error.empty();
    if (!any_alive) break;
  }
  rec.interrupted = interrupted.load();
  rec.elapsed_s = elapsed();
  for (auto& g : rec.gpus) g.decay = detect_decay(g.points);
  if (checkpoint) checkpoint(rec);
  return rec;
}

}  // namespace gpuaudit
