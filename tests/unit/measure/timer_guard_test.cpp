// The spin-wait cycle cap that ends a wait on a frozen timer (timer_guard.hpp).
#include "measure/timer_guard.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace gpuaudit {
namespace {

TEST(SpinCycleCap, NeverEndsAWaitWhoseTimerWorks) {
  // sm/contention waits 1 s in --full: at a 3.2 GHz clock that is 3.2e9 cycles, under the cap.
  const std::uint64_t one_s = 1000000000ull;
  EXPECT_GT(spin_cycle_cap(one_s), static_cast<std::uint64_t>(3.2e9));
  // sm/census waits 20 us; a block starting late or preempted still has the slack.
  EXPECT_GE(spin_cycle_cap(20000), kSpinCycleSlack);
}

TEST(SpinCycleCap, EndsAFrozenTimerWithinBoundedTime) {
  // At the slowest clock a data-center part idles at (about 300 MHz) the cap on a 2 s hold ends
  // in well under a minute.
  const double seconds_at_300mhz = static_cast<double>(spin_cycle_cap(2000000000ull)) / 300e6;
  EXPECT_LT(seconds_at_300mhz, 60.0);
  EXPECT_GT(seconds_at_300mhz, 2.0);
}

TEST(SpinCycleCap, SaturatesAtTheSignedClockRange) {
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(spin_cycle_cap(std::numeric_limits<std::uint64_t>::max()), kMax);
  EXPECT_EQ(spin_cycle_cap(kMax / 2), kMax);
  EXPECT_LE(spin_cycle_cap(kMax / 8), kMax);
  EXPECT_EQ(spin_cycle_cap(0), kSpinCycleSlack);
}

}  // namespace
}  // namespace gpuaudit
