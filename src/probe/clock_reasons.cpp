#include "probe/clock_reasons.hpp"

namespace gpuaudit {

namespace {
// Bit values from nvml.h (nvmlClocksEventReason*); stable since NVML 5.
constexpr struct {
  std::uint64_t bit;
  const char* name;
} kReasons[] = {
    {0x001, "gpu-idle"},   {0x002, "applications-clocks"}, {0x004, "sw-power-cap"},
    {0x008, "hw-slowdown"}, {0x010, "sync-boost"},          {0x020, "sw-thermal"},
    {0x040, "hw-thermal"}, {0x080, "hw-power-brake"},      {0x100, "display-clocks"},
};
}  // namespace

std::vector<std::string> clock_reason_names(std::uint64_t mask) {
  std::vector<std::string> out;
  for (const auto& r : kReasons)
    if (mask & r.bit) {
      out.emplace_back(r.name);
      mask &= ~r.bit;
    }
  for (int b = 0; b < 64; ++b)
    if (mask & (std::uint64_t{1} << b)) out.push_back("bit-" + std::to_string(b));
  return out;
}

bool is_power_reason(const std::string& n) {
  return n == "sw-power-cap" || n == "hw-power-brake" || n == "hw-slowdown";
}

bool is_thermal_reason(const std::string& n) {
  return n == "sw-thermal" || n == "hw-thermal" || n == "thermal-violation";
}

}  // namespace gpuaudit
