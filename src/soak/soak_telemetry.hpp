// Per-GPU telemetry for the soak: clocks, power, temperature and clock-event reasons. An interface
// so the runner is tested with scripted values; NvmlSoakTelemetry reads NVML through the dlopen()ed
// table of probe/nvml_api.hpp (for a MIG slice it reads the parent GPU, which owns the clocks).
#pragma once

#include "core/result.hpp"
#include "probe/nvml_api.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpuaudit {

// Not telemetry/telemetry_sample.hpp's TelemetrySample: one reading per soak interval, fewer fields.
// (Two structs of one name in one namespace are an ODR violation: the sanitizer build caught it.)
struct SoakTelemetrySample {
  std::optional<double> sm_clock_mhz, mem_clock_mhz, power_w, temperature_c;
  std::optional<std::uint64_t> reasons_mask;  // nvmlClocksEventReason bits
};

struct SoakTelemetry {
  virtual ~SoakTelemetry() = default;
  // `slot` is the position of the GPU in the list the telemetry was made for.
  virtual SoakTelemetrySample read(size_t slot) = 0;
};

class NvmlSoakTelemetry : public SoakTelemetry {
 public:
  // nvmlInit must already have run (take_inventory leaves NVML initialised).
  NvmlSoakTelemetry(const NvmlApi& api, const std::vector<GpuInfo>& gpus);
  SoakTelemetrySample read(size_t slot) override;

 private:
  const NvmlApi& api_;
  std::vector<nvmlDevice_t> handles_;  // null where the GPU was not found
};

}  // namespace gpuaudit
