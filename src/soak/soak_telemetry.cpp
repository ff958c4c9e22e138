#include "soak/soak_telemetry.hpp"

#include <cstring>

namespace gpuaudit {

namespace {

nvmlDevice_t find_by_uuid(const NvmlApi& api, const std::string& uuid) {
  if (uuid.empty() || !api.nvmlDeviceGetCount || !api.nvmlDeviceGetHandleByIndex || !api.nvmlDeviceGetUUID)
    return nullptr;
  unsigned count = 0;
  if (api.nvmlDeviceGetCount(&count) != NVML_SUCCESS) return nullptr;
  for (unsigned i = 0; i < count; ++i) {
    nvmlDevice_t d = nullptr;
    char buf[NVML_DEVICE_UUID_V2_BUFFER_SIZE] = {};
    if (api.nvmlDeviceGetHandleByIndex(i, &d) != NVML_SUCCESS) continue;
    if (api.nvmlDeviceGetUUID(d, buf, sizeof buf) == NVML_SUCCESS && uuid == buf) return d;
  }
  return nullptr;
}

}  // namespace

NvmlSoakTelemetry::NvmlSoakTelemetry(const NvmlApi& api, const std::vector<GpuInfo>& gpus) : api_(api) {
  for (const auto& g : gpus) {
    const std::string& uuid = g.mig.is_mig_device && g.mig.parent_uuid ? *g.mig.parent_uuid : g.uuid;
    handles_.push_back(find_by_uuid(api, uuid));
  }
}

SoakTelemetrySample NvmlSoakTelemetry::read(size_t slot) {
  SoakTelemetrySample s;
  if (slot >= handles_.size() || !handles_[slot]) return s;
  nvmlDevice_t d = handles_[slot];
  unsigned v = 0;
  if (api_.nvmlDeviceGetClockInfo && api_.nvmlDeviceGetClockInfo(d, NVML_CLOCK_SM, &v) == NVML_SUCCESS)
    s.sm_clock_mhz = v;
  if (api_.nvmlDeviceGetClockInfo && api_.nvmlDeviceGetClockInfo(d, NVML_CLOCK_MEM, &v) == NVML_SUCCESS)
    s.mem_clock_mhz = v;
  if (api_.nvmlDeviceGetPowerUsage && api_.nvmlDeviceGetPowerUsage(d, &v) == NVML_SUCCESS) s.power_w = v / 1000.0;
  if (api_.nvmlDeviceGetTemperature && api_.nvmlDeviceGetTemperature(d, NVML_TEMPERATURE_GPU, &v) == NVML_SUCCESS)
    s.temperature_c = v;
  unsigned long long mask = 0;
  if ((api_.nvmlDeviceGetCurrentClocksEventReasons &&
       api_.nvmlDeviceGetCurrentClocksEventReasons(d, &mask) == NVML_SUCCESS) ||
      (api_.nvmlDeviceGetCurrentClocksThrottleReasons &&
       api_.nvmlDeviceGetCurrentClocksThrottleReasons(d, &mask) == NVML_SUCCESS))
    s.reasons_mask = mask;
  return s;
}

}  // namespace gpuaudit
