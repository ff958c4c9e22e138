#include "telemetry/sampler.hpp"

#include "measure/measurement.hpp"
#include "telemetry/nvml_reading.hpp"
#include "telemetry/summarize.hpp"

namespace gpuaudit {

TelemetrySampler::TelemetrySampler(std::vector<int> gpus, Reader reader, std::chrono::milliseconds period,
                                   std::size_t capacity_per_gpu)
    : gpus_(std::move(gpus)), reader_(std::move(reader)), period_(period), capacity_(capacity_per_gpu) {}

TelemetrySampler::~TelemetrySampler() { stop(); }

void TelemetrySampler::start() {
  if (thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = false;
  }
  sample_all();
  thread_ = std::thread([this] { loop(); });
}

void TelemetrySampler::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void TelemetrySampler::sample_all() {
  // Read outside the lock: an NVML call can take a millisecond, and readers must not wait for it.
  std::vector<std::pair<int, TelemetrySample>> fresh;
  for (int g : gpus_) fresh.emplace_back(g, reader_(g, steady_seconds()));
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& [g, s] : fresh) {
    auto& q = samples_[g];
    q.push_back(s);
    while (q.size() > capacity_) q.pop_front();
  }
}

void TelemetrySampler::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    if (wake_.wait_for(lock, period_, [this] { return stopping_; })) break;
    lock.unlock();
    sample_all();
    lock.lock();
  }
}

std::optional<TelemetrySummary> TelemetrySampler::summary(int gpu, double t0, double t1) const {
  const std::vector<TelemetrySample> all = samples(gpu);
  if (all.empty()) return std::nullopt;
  const auto window = samples_in_window(all, t0, t1);
  if (window.empty()) return std::nullopt;
  return summarize_telemetry(window);
}

std::vector<TelemetrySample> TelemetrySampler::samples(int gpu) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = samples_.find(gpu);
  if (it == samples_.end()) return {};
  return {it->second.begin(), it->second.end()};
}

std::unique_ptr<TelemetrySampler> make_nvml_sampler(const NvmlApi& api, const std::map<int, nvmlDevice_t>& handles,
                                                    std::chrono::milliseconds period) {
  std::vector<int> gpus;
  for (const auto& [g, h] : handles) gpus.push_back(g);
  auto reader = [api, handles](int gpu, double t) { return read_telemetry(api, handles.at(gpu), t); };
  return std::make_unique<TelemetrySampler>(std::move(gpus), std::move(reader), period);
}

}  // namespace gpuaudit
