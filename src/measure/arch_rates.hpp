// How many operations one SM retires per clock, by compute capability, and the SM clock a measured
// rate implies. Deriving the clock from the rate shows throttling even where NVML is hidden (some
// vGPU and container setups): a card whose FP32 rate implies 1.2 GHz runs at 1.2 GHz, whatever the
// datasheet says.
//
// Source: NVIDIA CUDA C++ Programming Guide, "Arithmetic Instructions", table "Throughput of Native
// Arithmetic Instructions (Number of Results per Clock Cycle per Multiprocessor)", rows "32-bit
// floating-point add, multiply, multiply-add", "64-bit floating-point add, multiply, multiply-add"
// and "32-bit integer multiply, multiply-add" (CUDA 12.x/13.x editions). A multiply-add counts as
// two operations, so operations per clock per SM = 2 x lanes.
#pragma once

#include <optional>

namespace gpuaudit {

struct ArchLanes {
  std::optional<int> fp32;   // FFMA results per clock per SM
  std::optional<int> fp64;   // DFMA results per clock per SM
  std::optional<int> int32;  // IMAD results per clock per SM (null where it is emulated, sm_6x)
};

// Unknown architectures give all-null lanes: no derived clock rather than a wrong one.
ArchLanes arch_lanes(int cc_major, int cc_minor);

// The SM clock (MHz) at which `sm_count` SMs retiring `lanes` multiply-adds per clock reach
// `ops_per_second` (each multiply-add counted as 2 operations). Null when an input is unusable.
std::optional<double> effective_sm_clock_mhz(double ops_per_second, int sm_count, std::optional<int> lanes);

// The peak rate (operations per second) at `clock_mhz`: 2 x lanes x SMs x clock.
std::optional<double> peak_ops_per_second(int sm_count, std::optional<int> lanes, double clock_mhz);

}  // namespace gpuaudit
