// Reading one telemetry sample through NVML, and finding the NVML handle that reports for each GPU
// of the document (for a MIG slice: its physical board, since clocks and power are the board's).
#pragma once

#include "core/result.hpp"
#include "probe/nvml_api.hpp"
#include "telemetry/telemetry_sample.hpp"

#include <map>
#include <vector>

namespace gpuaudit {

// NVML must be initialised. Fields whose call is missing or fails stay null.
TelemetrySample read_telemetry(const NvmlApi& api, nvmlDevice_t device, double t_s);

// Document GPU index -> handle of the board with the same PCI bus id. GPUs NVML does not list are
// left out.
std::map<int, nvmlDevice_t> telemetry_handles(const NvmlApi& api, const std::vector<GpuInfo>& gpus);

}  // namespace gpuaudit
