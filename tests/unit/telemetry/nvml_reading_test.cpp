// One telemetry sample read through NVML (nvml_reading.hpp) on a fake NVML table (synthetic boards):
// a capped H100 seen throttling, and a MIG slice reporting its board through the old throttle call.
#include "fakes/fake_nvml.hpp"
#include "telemetry/nvml_reading.hpp"
#include "telemetry/summarize.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>

using namespace gpuaudit;

// The once-per-interval reading: memory in use, the video engines, and the PCIe traffic (KB/s to
// GB/s) only when asked; a vGPU that refuses the traffic leaves it null.
TEST(TelemetryNvml, TheIntervalReadingOfMemoryEnginesAndLink) {
  fake::FakeSystem sys;
  sys.devices.push_back(fake::h100_sxm());
  sys.devices[0].decoder_util = 88;
  sys.devices[0].pcie_rx_kbs = 24000000;  // 24 GB/s to the GPU
  const NvmlApi api = fake::install(sys);
  ASSERT_EQ(api.nvmlInit(), NVML_SUCCESS);
  nvmlDevice_t d{};
  ASSERT_EQ(api.nvmlDeviceGetHandleByIndex(0, &d), NVML_SUCCESS);
  const GpuIntervalReading r = read_interval_telemetry(api, d, true);
  ASSERT_TRUE(r.memory_used_gib);
  EXPECT_NEAR(*r.memory_used_gib, (85520809984.0 - 84893204480.0) / (1 << 30), 1e-9);
  EXPECT_EQ(*r.decoder_pct, 88);
  EXPECT_EQ(*r.encoder_pct, 0);
  EXPECT_DOUBLE_EQ(*r.pcie_rx_gbs, 24.0);
  EXPECT_DOUBLE_EQ(*r.pcie_tx_gbs, 0.0);
  EXPECT_FALSE(read_interval_telemetry(api, d, false).pcie_rx_gbs);
  sys.devices[0].has_pcie_throughput = false;
  EXPECT_FALSE(read_interval_telemetry(api, d, true).pcie_rx_gbs);
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
