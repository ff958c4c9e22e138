// NVML clock-event ("throttle") reason bits -> stable names used in documents and verdicts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpuaudit {

// Names, in bit order: gpu-idle, applications-clocks, sw-power-cap, hw-slowdown, sync-boost,
// sw-thermal, hw-thermal, hw-power-brake, display-clocks; unknown bits as "bit-N".
std::vector<std::string> clock_reason_names(std::uint64_t mask);

// Not a bit: "thermal-violation" is DCGM's thermal violation counter (NVML's
// NVML_PERF_POLICY_THERMAL violation time: clocks held below the application clocks for heat),
// which `dcgmi diag` reports in its messages (import/dcgm_reasons.hpp).
//
// True for reasons that mean the card is held back by power or heat (not idle, not app clocks).
bool is_power_reason(const std::string& name);
bool is_thermal_reason(const std::string& name);

}  // namespace gpuaudit
