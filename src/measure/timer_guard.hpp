// A second clock for device loops that wait on %globaltimer (sm/census, sm/contention, the
// host-flag hold): if the global timer stops advancing (a frozen or virtualised timer, seen on
// some vGPU and emulated parts), `now - start < duration` never turns false and the kernel hangs
// the run without a word. Each such loop also counts SM cycles (clock64, a per-SM counter that
// does not depend on the global timer) and gives up past a cap, flagging the timer as stalled;
// the host then records an error instead of hanging.
#pragma once

#include <cstdint>

namespace gpuaudit {

// No GPU's SM clock reaches this (the fastest parts boost near 3 GHz): a loop that has counted
// more than kMaxSmCyclesPerNs x duration cycles has run longer than `duration` on any clock, so
// the cap never ends a loop whose timer works.
inline constexpr std::uint64_t kMaxSmCyclesPerNs = 4;
// Slack for short waits, where a preemption or a late-starting block is large against the wait:
// 2^28 cycles, a tenth of a second at 2.5 GHz, a second at a 270 MHz idle clock.
inline constexpr std::uint64_t kSpinCycleSlack = 1ull << 28;

// The clock64() cycles after which a loop waiting `duration_ns` on %globaltimer stops and reports
// a stalled timer. Saturates instead of overflowing.
std::uint64_t spin_cycle_cap(std::uint64_t duration_ns);

}  // namespace gpuaudit
