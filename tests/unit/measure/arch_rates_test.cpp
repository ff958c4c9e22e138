// Lanes per SM of each architecture and the clock a full-rate figure implies (arch_rates.hpp).
#include "measure/arch_rates.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(ArchLanes, Fp32LanesPerSmFollowTheProgrammingGuide) {
  for (auto [maj, min] : {std::pair{6, 0}, {7, 0}, {7, 5}, {8, 0}}) EXPECT_EQ(arch_lanes(maj, min).fp32, 64) << maj << min;
  for (auto [maj, min] : {std::pair{5, 2}, {6, 1}, {8, 6}, {8, 9}, {9, 0}, {10, 0}, {12, 0}})
    EXPECT_EQ(arch_lanes(maj, min).fp32, 128) << maj << min;
}

TEST(ArchLanes, Fp64IsFullRateOnlyOnDataCenterParts) {
  EXPECT_EQ(arch_lanes(9, 0).fp64, 64);
  EXPECT_EQ(arch_lanes(8, 0).fp64, 32);
  EXPECT_EQ(arch_lanes(7, 0).fp64, 32);
  EXPECT_EQ(arch_lanes(8, 9).fp64, 2);
  EXPECT_EQ(arch_lanes(8, 6).fp64, 2);
  EXPECT_EQ(arch_lanes(6, 1).fp64, 4);
  EXPECT_EQ(arch_lanes(5, 2).fp64, 4);  // Tesla M60: 1/32 rate
}

TEST(ArchLanes, Int32MultiplyAddIsUnknownWhereMaxwellAndPascalEmulateIt) {
  EXPECT_FALSE(arch_lanes(5, 2).int32);
  EXPECT_FALSE(arch_lanes(6, 0).int32);
  EXPECT_EQ(arch_lanes(9, 0).int32, 64);
}

TEST(ArchLanes, UnknownArchitectureGivesNoLanes) {
  const auto l = arch_lanes(11, 0);
  EXPECT_FALSE(l.fp32);
  EXPECT_FALSE(l.fp64);
  EXPECT_FALSE(l.int32);
}

TEST(EffectiveClock, H100FullRateImpliesItsBoostClock) {
  // 132 SMs x 128 lanes x 2 FLOP x 1980 MHz = 66.9 TFLOP/s.
  const double rate = 132.0 * 128 * 2 * 1980e6;
  const auto mhz = effective_sm_clock_mhz(rate, 132, arch_lanes(9, 0).fp32);
  ASSERT_TRUE(mhz);
  EXPECT_NEAR(*mhz, 1980.0, 1e-6);
  EXPECT_NEAR(*peak_ops_per_second(132, 128, 1980.0), rate, 1.0);
}

TEST(EffectiveClock, MissingInputsGiveNoClock) {
  EXPECT_FALSE(effective_sm_clock_mhz(1e12, 132, std::nullopt));
  EXPECT_FALSE(effective_sm_clock_mhz(1e12, 0, 128));
  EXPECT_FALSE(effective_sm_clock_mhz(0, 132, 128));
  EXPECT_FALSE(peak_ops_per_second(132, 128, 0));
}

TEST(ArchLanes, EveryArchitectureTheFallbackEstimatesFrom) {
  // 5.0 ... 12.1: the per-SM rates the architecture fallback uses when no reference model exists.
  for (auto [maj, min] : {std::pair{5, 0}, {5, 2}, {6, 0}, {6, 1}, {7, 0}, {7, 5}, {8, 0}, {8, 6}, {8, 9}, {9, 0},
                          {10, 0}, {10, 3}, {12, 0}, {12, 1}})
    EXPECT_TRUE(arch_lanes(maj, min).fp32) << maj << "." << min;
  EXPECT_EQ(arch_lanes(12, 1).fp64, 2);
  EXPECT_FALSE(arch_lanes(10, 3).fp64) << "B300's cut FP64 rate is not guessed";
}
