// Reading one telemetry sample through NVML, and finding the NVML handle that reports for each GPU
// of the document (for a MIG slice: its physical board, since clocks and power are the board's).
#pragma once

#include "core/result.hpp"
#include "probe/nvml_api.hpp"
#include "telemetry/telemetry_sample.hpp"

#include <map>
#include <optional>
#include <vector>

namespace gpuaudit {

// NVML must be initialised. Fields whose call is missing or fails stay null.
TelemetrySample read_telemetry(const NvmlApi& api, nvmlDevice_t device, double t_s);

// What `watch` reads of a GPU once per interval rather than ten times a second: memory in use,
// the video engines' utilisation and, when `pcie` is set, the PCIe traffic each way. NVML measures
// that traffic by counting bytes over 20 ms inside the call (nvml.h, nvmlDeviceGetPcieThroughput),
// so each of its two calls blocks that long: the caller spreads them over its intervals.
struct GpuIntervalReading {
  std::optional<double> memory_used_gib;
  std::optional<double> encoder_pct, decoder_pct;
  std::optional<double> pcie_tx_gbs, pcie_rx_gbs;  // GB/s, from the GPU / to the GPU
};
GpuIntervalReading read_interval_telemetry(const NvmlApi& api, nvmlDevice_t device, bool pcie);

// Document GPU index -> handle of the board with the same PCI bus id. GPUs NVML does not list are
// left out.
std::map<int, nvmlDevice_t> telemetry_handles(const NvmlApi& api, const std::vector<GpuInfo>& gpus);

}  // namespace gpuaudit
