#include "telemetry/nvml_reading.hpp"

#include "probe/gpu_map.hpp"

namespace gpuaudit {

namespace {

template <typename Fn, typename... Args>
bool call_ok(Fn fn, Args... args) {
  return fn && fn(args...) == NVML_SUCCESS;
}

}  // namespace

TelemetrySample read_telemetry(const NvmlApi& api, nvmlDevice_t d, double t_s) {
  TelemetrySample s;
  s.t_s = t_s;
  unsigned v = 0;
  if (call_ok(api.nvmlDeviceGetClockInfo, d, NVML_CLOCK_SM, &v)) s.sm_clock_mhz = v;
  if (call_ok(api.nvmlDeviceGetClockInfo, d, NVML_CLOCK_MEM, &v)) s.mem_clock_mhz = v;
  if (call_ok(api.nvmlDeviceGetPowerUsage, d, &v)) s.power_w = v / 1000.0;
  if (call_ok(api.nvmlDeviceGetTemperature, d, NVML_TEMPERATURE_GPU, &v)) s.temperature_c = v;
  nvmlUtilization_t u{};
  if (call_ok(api.nvmlDeviceGetUtilizationRates, d, &u)) s.gpu_util_pct = u.gpu;
  unsigned long long reasons = 0;
  if (call_ok(api.nvmlDeviceGetCurrentClocksEventReasons, d, &reasons) ||
      call_ok(api.nvmlDeviceGetCurrentClocksThrottleReasons, d, &reasons))
    s.clock_reasons = reasons;
  if (call_ok(api.nvmlDeviceGetCurrPcieLinkGeneration, d, &v)) s.pcie_gen = static_cast<int>(v);
  if (call_ok(api.nvmlDeviceGetCurrPcieLinkWidth, d, &v)) s.pcie_width = static_cast<int>(v);
  return s;
}

GpuIntervalReading read_interval_telemetry(const NvmlApi& api, nvmlDevice_t d, bool pcie) {
  GpuIntervalReading r;
  nvmlMemory_t mem{};
  if (call_ok(api.nvmlDeviceGetMemoryInfo, d, &mem)) r.memory_used_gib = static_cast<double>(mem.used) / (1024.0 * 1024 * 1024);
  unsigned v = 0, period_us = 0;
  if (call_ok(api.nvmlDeviceGetEncoderUtilization, d, &v, &period_us)) r.encoder_pct = v;
  if (call_ok(api.nvmlDeviceGetDecoderUtilization, d, &v, &period_us)) r.decoder_pct = v;
  if (pcie) {  // KB/s (1 KB granularity, nvmlPcieUtilCounter_t), as GB/s
    if (call_ok(api.nvmlDeviceGetPcieThroughput, d, NVML_PCIE_UTIL_TX_BYTES, &v)) r.pcie_tx_gbs = v * 1e3 / 1e9;
    if (call_ok(api.nvmlDeviceGetPcieThroughput, d, NVML_PCIE_UTIL_RX_BYTES, &v)) r.pcie_rx_gbs = v * 1e3 / 1e9;
  }
  return r;
}

std::map<int, nvmlDevice_t> telemetry_handles(const NvmlApi& api, const std::vector<GpuInfo>& gpus) {
  std::map<int, nvmlDevice_t> out;
  unsigned count = 0;
  if (!call_ok(api.nvmlDeviceGetCount, &count)) return out;
  for (unsigned i = 0; i < count; ++i) {
    nvmlDevice_t d{};
    nvmlPciInfo_t pci{};
    if (!call_ok(api.nvmlDeviceGetHandleByIndex, i, &d) || !call_ok(api.nvmlDeviceGetPciInfo, d, &pci)) continue;
    const std::string key = pci_bus_key(pci.busId);
    for (const auto& g : gpus)
      if (!g.pci_bus_id.empty() && pci_bus_key(g.pci_bus_id) == key) out[g.index] = d;
  }
  return out;
}

}  // namespace gpuaudit
