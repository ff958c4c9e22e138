#include "fakes/fake_nvml.hpp"
#include "gpubench/measurement.hpp"
#include "telemetry/nvml_reading.hpp"
#include "telemetry/sampler.hpp"
#include "telemetry/summarize.hpp"

#include <gtest/gtest.h>

#include <algorithm>
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

TEST(TelemetrySummary, RangesReasonsAndLinkOfScriptedSamples) {
  const std::vector<TelemetrySample> s{sample(0, 1980, 300, 0x1, 1), sample(1, 1755, 700, 0x4),
                                       sample(2, 1830, 690, 0x4 | 0x20)};
  const TelemetrySummary t = summarize_telemetry(s);
  EXPECT_EQ(t.samples, 3);
  ASSERT_TRUE(t.sm_clock_mhz);
  EXPECT_DOUBLE_EQ(t.sm_clock_mhz->min, 1755);
  EXPECT_DOUBLE_EQ(t.sm_clock_mhz->median, 1830);
  EXPECT_DOUBLE_EQ(t.sm_clock_mhz->max, 1980);
  EXPECT_DOUBLE_EQ(t.power_w->max, 700);
  EXPECT_DOUBLE_EQ(t.temperature_c->median, 41);
  // gpu-idle (0x1) is left out; sw-power-cap (0x4) and sw-thermal (0x20) are kept, in bit order.
  EXPECT_EQ(t.clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "sw-thermal"}));
  EXPECT_EQ(t.pcie_gen_max_seen, 5);  // the idle Gen1 reading does not count against the link
  EXPECT_EQ(t.pcie_width_max_seen, 16);
}

TEST(TelemetrySummary, MissingFieldsStayNull) {
  TelemetrySample bare;
  bare.t_s = 1;
  const auto t = summarize_telemetry(std::vector<TelemetrySample>{bare});
  EXPECT_EQ(t.samples, 1);
  EXPECT_FALSE(t.sm_clock_mhz);
  EXPECT_FALSE(t.power_w);
  EXPECT_FALSE(t.pcie_gen_max_seen);
  EXPECT_TRUE(t.clock_event_reasons.empty());
  const json j = t;
  EXPECT_TRUE(j["sm_clock_mhz"].is_null());
}

TEST(TelemetryWindow, SamplesInsideTheWindowOrTheLastOneBefore) {
  const std::vector<TelemetrySample> s{sample(1.0, 1000, 1, 0), sample(1.02, 1100, 1, 0), sample(1.04, 1200, 1, 0)};
  EXPECT_EQ(samples_in_window(s, 1.01, 1.05).size(), 2u);
  const auto short_window = samples_in_window(s, 1.021, 1.03);
  ASSERT_EQ(short_window.size(), 1u);
  EXPECT_DOUBLE_EQ(*short_window[0].sm_clock_mhz, 1100);
  EXPECT_TRUE(samples_in_window(s, 0.1, 0.5).empty());
}

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

TEST(TelemetryNvml, ReadsTheFakeBoardAndSeesItThrottle) {
  fake::FakeSystem sys;
  sys.devices.push_back(fake::h100_capped_350w());
  const NvmlApi api = fake::install(sys);
  ASSERT_EQ(api.nvmlInit(), NVML_SUCCESS);
  std::vector<GpuInfo> gpus(1);
  gpus[0].index = 0;
  gpus[0].pci_bus_id = "0000:" + sys.devices[0].bus_id.substr(9);
  const auto handles = telemetry_handles(api, gpus);
  ASSERT_EQ(handles.size(), 1u);
  {
    std::lock_guard<std::mutex> lock(sys.mutex);
    sys.devices[0].sm_now_mhz = 1500;
    sys.devices[0].power_usage_mw = 349000;
    sys.devices[0].util_gpu = 100;
  }
  const TelemetrySample s = read_telemetry(api, handles.at(0), 2.5);
  EXPECT_DOUBLE_EQ(s.t_s, 2.5);
  EXPECT_DOUBLE_EQ(*s.sm_clock_mhz, 1500);
  EXPECT_DOUBLE_EQ(*s.power_w, 349);
  EXPECT_DOUBLE_EQ(*s.gpu_util_pct, 100);
  ASSERT_TRUE(s.clock_reasons);
  const auto t = summarize_telemetry(std::vector<TelemetrySample>{s});
  EXPECT_NE(std::find(t.clock_event_reasons.begin(), t.clock_event_reasons.end(), "sw-power-cap"),
            t.clock_event_reasons.end());
}

TEST(TelemetryNvml, MigSliceReportsItsBoardAndOldDriversUseTheThrottleCall) {
  fake::FakeSystem sys;
  fake::FakeDevice d = fake::a100_mig_1g10gb();
  d.has_event_reasons_api = false;
  d.clock_reasons = 0x4;
  sys.devices.push_back(d);
  const NvmlApi api = fake::install(sys);
  ASSERT_EQ(api.nvmlInit(), NVML_SUCCESS);
  std::vector<GpuInfo> gpus(1);
  gpus[0].index = 0;
  gpus[0].pci_bus_id = d.bus_id;  // slices carry their parent's bus id
  const auto handles = telemetry_handles(api, gpus);
  ASSERT_EQ(handles.size(), 1u);
  const auto s = read_telemetry(api, handles.at(0), 0);
  EXPECT_EQ(s.clock_reasons, 0x4u);
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
