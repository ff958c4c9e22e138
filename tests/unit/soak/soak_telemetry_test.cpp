// The soak's NVML telemetry reader (soak_telemetry.hpp) on a fake NVML table (synthetic): the right
// device by UUID, a MIG slice reading its parent, and the old clock-reason call on older drivers.
#include "soak/soak_telemetry.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>

namespace gpuaudit {
namespace {

nvmlDevice_t fake_handle(unsigned i) { return reinterpret_cast<nvmlDevice_t>(static_cast<std::uintptr_t>(0x100 + i)); }
unsigned fake_index(nvmlDevice_t d) { return static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(d) - 0x100); }

nvmlReturn_t fake_count(unsigned* n) {
  *n = 2;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_by_index(unsigned i, nvmlDevice_t* d) {
  *d = fake_handle(i);
  return NVML_SUCCESS;
}
nvmlReturn_t fake_uuid(nvmlDevice_t d, char* buf, unsigned len) {
  std::snprintf(buf, len, "GPU-0000000%u", fake_index(d));
  return NVML_SUCCESS;
}
nvmlReturn_t fake_clock(nvmlDevice_t d, nvmlClockType_t t, unsigned* v) {
  *v = t == NVML_CLOCK_SM ? 1900 + fake_index(d) : 2619;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_power(nvmlDevice_t, unsigned* mw) {
  *mw = 612345;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_temp(nvmlDevice_t, nvmlTemperatureSensors_t, unsigned* c) {
  *c = 71;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_reasons_missing(nvmlDevice_t, unsigned long long*) { return NVML_ERROR_NOT_SUPPORTED; }
nvmlReturn_t fake_reasons_old(nvmlDevice_t, unsigned long long* m) {
  *m = 0x4;
  return NVML_SUCCESS;
}

TEST(SoakTelemetryNvml, ReadsTheRightDeviceByUuidAndFallsBackToTheOldReasonCall) {
  NvmlApi api;
  api.nvmlDeviceGetCount = fake_count;
  api.nvmlDeviceGetHandleByIndex = fake_by_index;
  api.nvmlDeviceGetUUID = fake_uuid;
  api.nvmlDeviceGetClockInfo = fake_clock;
  api.nvmlDeviceGetPowerUsage = fake_power;
  api.nvmlDeviceGetTemperature = fake_temp;
  api.nvmlDeviceGetCurrentClocksEventReasons = fake_reasons_missing;    // older driver: not there
  api.nvmlDeviceGetCurrentClocksThrottleReasons = fake_reasons_old;
  GpuInfo a, b, mig, lost;
  a.uuid = "GPU-00000001";
  b.uuid = "GPU-00000000";
  mig.uuid = "MIG-abcdef";
  mig.mig.is_mig_device = true;
  mig.mig.parent_uuid = "GPU-00000001";  // a slice reads its parent's clocks
  lost.uuid = "GPU-99999999";
  NvmlSoakTelemetry tel(api, {a, b, mig, lost});
  const SoakTelemetrySample s0 = tel.read(0);
  EXPECT_DOUBLE_EQ(*s0.sm_clock_mhz, 1901);
  EXPECT_DOUBLE_EQ(*s0.mem_clock_mhz, 2619);
  EXPECT_NEAR(*s0.power_w, 612.345, 1e-9);
  EXPECT_DOUBLE_EQ(*s0.temperature_c, 71);
  EXPECT_EQ(*s0.reasons_mask, 0x4u);
  EXPECT_DOUBLE_EQ(*tel.read(1).sm_clock_mhz, 1900);
  EXPECT_DOUBLE_EQ(*tel.read(2).sm_clock_mhz, 1901);
  EXPECT_FALSE(tel.read(3).sm_clock_mhz.has_value());  // not found: empty sample, no crash
  EXPECT_FALSE(tel.read(9).sm_clock_mhz.has_value());
}

}  // namespace
}  // namespace gpuaudit
