#include "measure/timer_guard.hpp"

#include <limits>

namespace gpuaudit {

std::uint64_t spin_cycle_cap(std::uint64_t duration_ns) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::int64_t>::max();  // clock64() is signed
  if (duration_ns > (kMax - kSpinCycleSlack) / kMaxSmCyclesPerNs) return kMax;
  return duration_ns * kMaxSmCyclesPerNs + kSpinCycleSlack;
}

}  // namespace gpuaudit
