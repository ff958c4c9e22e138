// The udev database reader of the memory modules (probe/udev_memory.hpp) on lines in the shape
// systemd's dmi_memory_id prints (src/udev/dmi_memory_id/dmi_memory_id.c; synthetic values: no real
// /run/udev/data/+dmi:id was found with its source), and the fake-root walk host_probe uses.
#include "probe/udev_memory.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;

// SYNTHETIC: two DDR4 modules rated 3200 running at 2933, and an empty slot, as udev stores them.
constexpr const char* kTwoOfThree =
    "S:disk/by-id/x\n"
    "E:MEMORY_ARRAY_LOCATION=System Board Or Motherboard\n"
    "E:MEMORY_DEVICE_0_SIZE=34359738368\n"
    "E:MEMORY_DEVICE_0_TYPE=DDR4\n"
    "E:MEMORY_DEVICE_0_SPEED_MTS=3200\n"
    "E:MEMORY_DEVICE_0_CONFIGURED_SPEED_MTS=2933\n"
    "E:MEMORY_DEVICE_0_LOCATOR=DIMM_A1\n"
    "E:MEMORY_DEVICE_1_PRESENT=0\n"
    "E:MEMORY_DEVICE_1_LOCATOR=DIMM_A2\n"
    "E:MEMORY_DEVICE_2_SIZE=34359738368\n"
    "E:MEMORY_DEVICE_2_TYPE=DDR4\n"
    "E:MEMORY_DEVICE_2_SPEED_MTS=3200\n"
    "E:MEMORY_DEVICE_2_CONFIGURED_SPEED_MTS=2933\n"
    "E:MEMORY_ARRAY_NUM_DEVICES=3\n";

TEST(UdevMemory, ModulesEmptySlotsAndSpeeds) {
  const auto slots = udev_memory_devices(kTwoOfThree);
  ASSERT_EQ(slots.size(), 3u);
  EXPECT_EQ(*slots[0].bytes, 32ull << 30);
  EXPECT_EQ(slots[0].type, "DDR4");
  EXPECT_EQ(*slots[0].rated_mts, 3200);
  EXPECT_EQ(*slots[0].configured_mts, 2933);
  EXPECT_FALSE(slots[1].bytes);
  const json s = memory_modules_summary(slots, "udev");
  EXPECT_EQ(s["slots"], 3);
  EXPECT_EQ(s["populated"], 2);
  EXPECT_EQ(s["below_rated"], 2);
}

TEST(UdevMemory, UdevadmsSpacedLinesAndValuesThatSayNothing) {
  const auto slots = udev_memory_devices(
      "P: /devices/virtual/dmi/id\r\nE: MEMORY_DEVICE_0_SIZE=17179869184\r\nE: MEMORY_DEVICE_0_SPEED_MTS=65535\r\n"
      "E: MEMORY_DEVICE_0_CONFIGURED_SPEED_MTS=0\r\nE: MEMORY_DEVICE_0_TYPE=Unknown\r\n");
  ASSERT_EQ(slots.size(), 1u);
  EXPECT_EQ(*slots[0].bytes, 16ull << 30);
  EXPECT_FALSE(slots[0].rated_mts);  // 65535: the extended field, which udev does not print
  EXPECT_FALSE(slots[0].configured_mts);
  EXPECT_TRUE(slots[0].type.empty());
  // Not memory devices, or broken lines: nothing.
  EXPECT_TRUE(udev_memory_devices("E:MEMORY_ARRAY_NUM_DEVICES=2\nE:MEMORY_DEVICE_x_SIZE=1\nE:MEMORY_DEVICE_99999_SIZE=1\n"
                                  "MEMORY_DEVICE_0_SIZE=1\nE:MEMORY_DEVICE_0\n")
                  .empty());
}

TEST(UdevMemory, TheDatabaseFileUnderARoot) {
  const fs::path root = fs::temp_directory_path() / ("gpuaudit-udev-" + std::to_string(::getpid()));
  fs::create_directories(root / "run/udev/data");
  EXPECT_TRUE(udev_memory_modules(root.string()).is_null());
  std::ofstream(root / "run/udev/data/+dmi:id") << kTwoOfThree;
  const json s = udev_memory_modules(root.string());
  ASSERT_FALSE(s.is_null());
  EXPECT_EQ(s["source"], "udev");
  EXPECT_EQ(s["configured_speed_mts"], 2933);
  fs::remove_all(root);
}

}  // namespace
}  // namespace gpuaudit
