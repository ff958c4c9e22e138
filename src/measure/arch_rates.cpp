#include "measure/arch_rates.hpp"

namespace gpuaudit {

ArchLanes arch_lanes(int major, int minor) {
  const int cc = major * 10 + minor;
  // Jetson/Tegra parts (5.3, 6.2, 7.2, 8.7, 11.0 Thor) are left out: gpuaudit does not build for them.
  switch (cc) {
    case 50: return {128, 4, std::nullopt};         // GM10x: Tesla M10, GTX 750 (IMAD emulated)
    case 52: return {128, 4, std::nullopt};         // GM20x: M60, M40, GTX 9xx (IMAD emulated)
    case 60: return {64, 32, std::nullopt};         // P100
    case 61: return {128, 4, std::nullopt};         // GP10x: P40, P4, GTX 10xx
    case 70: return {64, 32, 64};                   // V100
    case 75: return {64, 2, 64};                    // T4, RTX 20xx
    case 80: return {64, 32, 64};                   // A100, A30
    case 86: return {128, 2, 64};                   // A10, A40, RTX 30xx
    case 89: return {128, 2, 64};                   // L4, L40S, RTX 40xx
    case 90: return {128, 64, 64};                  // H100, H200, GH200
    case 100: return {128, 64, 64};                 // B200, GB200
    // B300/GB300: FP32 as sm_100; FP64 was cut to a small fraction and the guide's figure is not
    // one we could confirm, so it is left unknown rather than guessed.
    case 103: return {128, std::nullopt, 64};
    case 120: return {128, 2, 64};                  // RTX PRO 6000 Blackwell, RTX 50xx
    case 121: return {128, 2, 64};                  // GB10 (DGX Spark): the sm_120 SM
    default: return {};
  }
}

std::optional<double> effective_sm_clock_mhz(double ops_per_second, int sm_count, std::optional<int> lanes) {
  if (!lanes || *lanes <= 0 || sm_count <= 0 || !(ops_per_second > 0)) return std::nullopt;
  return ops_per_second / (2.0 * *lanes * sm_count) / 1e6;
}

std::optional<double> peak_ops_per_second(int sm_count, std::optional<int> lanes, double clock_mhz) {
  if (!lanes || *lanes <= 0 || sm_count <= 0 || !(clock_mhz > 0)) return std::nullopt;
  return 2.0 * *lanes * sm_count * clock_mhz * 1e6;
}

}  // namespace gpuaudit
