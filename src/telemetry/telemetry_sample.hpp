// One reading of a card's state by the telemetry sampler. Every field may be missing: NVML hides
// some on vGPUs and MIG slices, and older drivers lack some calls.
#pragma once

#include <cstdint>
#include <optional>

namespace gpuaudit {

struct TelemetrySample {
  double t_s = 0;  // steady clock, seconds since its epoch (the time base of benchmark windows)
  std::optional<double> sm_clock_mhz;
  std::optional<double> mem_clock_mhz;
  std::optional<double> power_w;
  std::optional<double> temperature_c;
  std::optional<double> gpu_util_pct;
  std::optional<std::uint64_t> clock_reasons;  // NVML clock-event reason bits
  std::optional<int> pcie_gen;
  std::optional<int> pcie_width;
};

}  // namespace gpuaudit
