// core/memory_modules: the one summary of the host's memory modules, whoever read them.
#include "core/memory_modules.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(MemoryModules, OneValueOrMixedOverThePopulatedSlots) {
  const json s = memory_modules_summary(
      {{16ull << 30, "DDR4", 3200, 3200}, {std::nullopt, "Unknown", std::nullopt, std::nullopt}, {16ull << 30, "DDR4", 3200, 2933}},
      "dmidecode");
  EXPECT_EQ(s.at("slots"), 3);
  EXPECT_EQ(s.at("populated"), 2);
  EXPECT_DOUBLE_EQ(s.at("total_gib").get<double>(), 32.0);
  EXPECT_EQ(s.at("type"), "DDR4");
  EXPECT_EQ(s.at("rated_speed_mts"), 3200);
  EXPECT_EQ(s.at("configured_speed_mts"), "mixed: 2933 | 3200");
  EXPECT_EQ(s.at("below_rated"), 1);
  const json none = memory_modules_summary({}, "smbios");
  EXPECT_EQ(none.at("populated"), 0);
  EXPECT_FALSE(none.contains("type"));
}

}  // namespace
}  // namespace gpuaudit
