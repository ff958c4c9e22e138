// A background thread that reads every GPU's state every ~20 ms while benchmarks run, so each
// figure can carry the clocks, power, temperature and clock-event reasons seen during its timed
// phase. NVML answers from the driver's cached state; a 20 ms cadence costs well under 1% of a CPU.
#pragma once

#include "core/result.hpp"
#include "probe/nvml_api.hpp"
#include "telemetry/telemetry_sample.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace gpuaudit {

class TelemetrySampler {
 public:
  // Reads GPU `gpu` at time `t_s` (steady clock seconds). Injected so tests script the readings.
  using Reader = std::function<TelemetrySample(int gpu, double t_s)>;

  TelemetrySampler(std::vector<int> gpus, Reader reader, std::chrono::milliseconds period = std::chrono::milliseconds(20),
                   std::size_t capacity_per_gpu = 1u << 16);
  ~TelemetrySampler();
  TelemetrySampler(const TelemetrySampler&) = delete;
  TelemetrySampler& operator=(const TelemetrySampler&) = delete;

  void start();  // takes one sample of every GPU at once, then one per period
  void stop();   // idempotent; joins the thread

  // Summary of GPU `gpu` between t0 and t1 (see samples_in_window); nullopt when that GPU has no
  // samples at all.
  std::optional<TelemetrySummary> summary(int gpu, double t0, double t1) const;
  std::vector<TelemetrySample> samples(int gpu) const;

 private:
  void sample_all();
  void loop();

  std::vector<int> gpus_;
  Reader reader_;
  std::chrono::milliseconds period_;
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::map<int, std::deque<TelemetrySample>> samples_;
  std::thread thread_;
};

// A sampler reading NVML for each (document GPU index -> board handle); NVML must stay initialised
// while it runs.
std::unique_ptr<TelemetrySampler> make_nvml_sampler(const NvmlApi& api, const std::map<int, nvmlDevice_t>& handles,
                                                    std::chrono::milliseconds period = std::chrono::milliseconds(20));

}  // namespace gpuaudit
