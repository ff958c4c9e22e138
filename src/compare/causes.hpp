// What changed beside a regressed figure: the state of its GPU in the two documents (power limit,
// clocks, PCIe link, virtualization, temperature and clock-event reasons at inventory) and what the
// card did while the figure ran (SM clock, power, temperature, reasons, from the NVML sampler).
// `compare` prints them under the table, one line per regressed figure, so "gemm/bf16 -40%" comes
// with "power limit 700 -> 350 W; SM clock while it ran 1965 -> 1395 MHz".
#pragma once

#include "core/result.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// The GPU's state, base -> new; nullptr (a document without that GPU) gives nothing.
std::vector<std::string> gpu_state_changes(const GpuInfo* base, const GpuInfo* next);

// The figure's telemetry, base -> new. Only differences a reader would act on: a clock or power
// median 3% apart or more, a temperature 5 C apart or more, a reason in one run only.
std::vector<std::string> telemetry_changes(const TelemetrySummary* base, const TelemetrySummary* next);

// Both, for figure `name` of GPU `gpu` (null: a host or machine figure, telemetry only).
std::vector<std::string> figure_causes(const ResultDocument& base, const ResultDocument& next, const std::string& name,
                                       std::optional<int> gpu);

}  // namespace gpuaudit
