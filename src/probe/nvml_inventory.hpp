// Reads the inventory of every GPU through NVML (no CUDA runtime needed).
#pragma once

#include "core/result.hpp"
#include "probe/nvml_api.hpp"

#include <vector>

namespace gpuaudit {

struct NvmlInventory {
  GpuStatus status;            // state "ok", "driver-not-loaded", "no-device", or "nvml-error"
  SoftwareInfo software;       // driver_version, cuda_driver_version, nvml_version
  std::vector<GpuInfo> gpus;   // what CUDA will see: MIG slices replace a GPU in MIG mode
};

// Calls nvmlInit and leaves NVML initialised (the telemetry sampler shares it); the caller's
// process ends with nvmlShutdown via NvmlSession, or not at all, which is harmless.
NvmlInventory read_nvml_inventory(const NvmlApi& api);

// "NVIDIA A100-SXM4-80GB MIG 1g.10gb" -> "1g.10gb"; "" when the name has no profile.
std::string mig_profile_from_name(const std::string& name);

}  // namespace gpuaudit
