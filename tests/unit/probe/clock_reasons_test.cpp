// NVML clock-event reason bits to the names documents and verdicts use (clock_reasons.hpp): bit
// order, unknown bits as "bit-N", and which names mean power or heat.
#include "probe/clock_reasons.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(ClockReasons, NamesInBitOrder) {
  EXPECT_TRUE(clock_reason_names(0).empty());
  EXPECT_EQ(clock_reason_names(0x1), std::vector<std::string>{"gpu-idle"});
  EXPECT_EQ(clock_reason_names(0x4 | 0x40), (std::vector<std::string>{"sw-power-cap", "hw-thermal"}));
  EXPECT_EQ(clock_reason_names(0x1ff),
            (std::vector<std::string>{"gpu-idle", "applications-clocks", "sw-power-cap", "hw-slowdown", "sync-boost",
                                      "sw-thermal", "hw-thermal", "hw-power-brake", "display-clocks"}));
}

TEST(ClockReasons, UnknownBitsAreNamedByTheirPosition) {
  EXPECT_EQ(clock_reason_names(0x200), std::vector<std::string>{"bit-9"});
  EXPECT_EQ(clock_reason_names((std::uint64_t{1} << 63) | 0x8), (std::vector<std::string>{"hw-slowdown", "bit-63"}));
}

TEST(ClockReasons, PowerAndThermalReasons) {
  for (const char* n : {"sw-power-cap", "hw-power-brake", "hw-slowdown"}) EXPECT_TRUE(is_power_reason(n)) << n;
  for (const char* n : {"sw-thermal", "hw-thermal", "thermal-violation"}) EXPECT_TRUE(is_thermal_reason(n)) << n;
  for (const char* n : {"gpu-idle", "applications-clocks", "sync-boost", "display-clocks", "bit-9", ""}) {
    EXPECT_FALSE(is_power_reason(n)) << n;
    EXPECT_FALSE(is_thermal_reason(n)) << n;
  }
  EXPECT_FALSE(is_thermal_reason("sw-power-cap"));
  EXPECT_FALSE(is_power_reason("hw-thermal"));
}

}  // namespace
}  // namespace gpuaudit
