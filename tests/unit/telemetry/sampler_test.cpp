// The background telemetry sampler (sampler.hpp): a scripted reader fills each GPU's bounded history
// and windows, and the NVML sampler samples through a fake NVML table (synthetic).
#include "fakes/fake_nvml.hpp"
#include "measure/measurement.hpp"
#include "telemetry/nvml_reading.hpp"
#include "telemetry/sampler.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

using namespace gpuaudit;

namespace {

TelemetrySample sample(double t, double sm, double power, std::uint64_t reasons, int gen = 5) {
  TelemetrySample s;
  s.t_s = t;
  s.sm_clock_mhz = sm;
  s.mem_clock_mhz = 2619;
  s.power_w = power;
  s.temperature_c = 40 + t;
  s.gpu_util_pct = 100;
  s.clock_reasons = reasons;
  s.pcie_gen = gen;
  s.pcie_width = 16;
  return s;
}

}  // namespace

TEST(TelemetrySampler, ScriptedReaderFillsPerGpuHistoryAndWindows) {
  std::atomic<int> calls{0};
  TelemetrySampler sampler({0, 3}, [&](int gpu, double t) {
    ++calls;
    return sample(t, gpu == 0 ? 1980 : 1410, 100, 0);
  }, std::chrono::milliseconds(1));
  const double t0 = steady_seconds();
  sampler.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  const double t1 = steady_seconds();
  sampler.stop();
  sampler.stop();  // idempotent
  EXPECT_GE(sampler.samples(0).size(), 3u);
  EXPECT_GE(sampler.samples(3).size(), 3u);
  EXPECT_TRUE(sampler.samples(1).empty());
  const auto s0 = sampler.summary(0, t0, t1);
  const auto s3 = sampler.summary(3, t0, t1);
  ASSERT_TRUE(s0 && s3);
  EXPECT_DOUBLE_EQ(s0->sm_clock_mhz->median, 1980);
  EXPECT_DOUBLE_EQ(s3->sm_clock_mhz->median, 1410);
  EXPECT_FALSE(sampler.summary(1, t0, t1));
  const int after_stop = calls.load();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(calls.load(), after_stop);
}

TEST(TelemetrySampler, HistoryIsBounded) {
  TelemetrySampler sampler({0}, [](int, double t) { return sample(t, 1, 1, 0); }, std::chrono::milliseconds(1), 4);
  sampler.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  sampler.stop();
  EXPECT_LE(sampler.samples(0).size(), 4u);
}

TEST(TelemetryNvml, NvmlSamplerSamplesThroughTheTable) {
  fake::FakeSystem sys;
  sys.devices.push_back(fake::h100_sxm());
  const NvmlApi api = fake::install(sys);
  ASSERT_EQ(api.nvmlInit(), NVML_SUCCESS);
  std::vector<GpuInfo> gpus(1);
  gpus[0].index = 0;
  gpus[0].pci_bus_id = sys.devices[0].bus_id;
  auto sampler = make_nvml_sampler(api, telemetry_handles(api, gpus), std::chrono::milliseconds(1));
  const double t0 = steady_seconds();
  sampler->start();
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  sampler->stop();
  const auto s = sampler->summary(0, t0, steady_seconds());
  ASSERT_TRUE(s);
  EXPECT_DOUBLE_EQ(s->sm_clock_mhz->median, sys.devices[0].sm_now_mhz);
}
