// The SMBIOS type 17 reader (probe/smbios_memory.hpp) on structures built byte by byte from DMTF
// DSP0134 3.x, 7.18 (synthetic: no real /sys/firmware/dmi/entries/17-*/raw was found with its source),
// and the fake-root walk over sysfs's entries.
#include "probe/smbios_memory.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;

// A type 17 structure of `len` formatted bytes (0x5C for SMBIOS 3.3, 0x28 for 2.8), strings ending it.
std::string device(std::size_t len, unsigned size_word, unsigned type, unsigned speed, unsigned configured,
                   std::uint32_t extended_size = 0) {
  std::string b(len, '\0');
  b[0] = 17;
  b[1] = static_cast<char>(len);
  auto put = [&](std::size_t at, std::uint32_t v, std::size_t bytes) {
    for (std::size_t i = 0; i < bytes && at + i < len; ++i) b[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
  };
  put(0x0C, size_word, 2);
  if (len > 0x12) b[0x12] = static_cast<char>(type);
  put(0x15, speed, 2);
  put(0x1C, extended_size, 4);
  put(0x20, configured, 2);
  return b + std::string("DIMM_A1\0\0", 9);
}

TEST(SmbiosMemory, AModuleItsSizeTypeAndSpeeds) {
  const auto m = smbios_memory_device(device(0x5C, 16384, 0x1A, 3200, 2933));  // 16384 MB, DDR4
  ASSERT_TRUE(m);
  ASSERT_TRUE(m->bytes);
  EXPECT_EQ(*m->bytes, 16384ull << 20);
  EXPECT_EQ(m->type, "DDR4");
  EXPECT_EQ(*m->rated_mts, 3200);
  EXPECT_EQ(*m->configured_mts, 2933);
  // Sizes of 32 GB and more: 7FFFh, then the Extended Size in MB; KB granularity with bit 15.
  EXPECT_EQ(*smbios_memory_device(device(0x5C, 0x7FFF, 0x22, 4800, 4800, 65536))->bytes, 65536ull << 20);
  EXPECT_EQ(*smbios_memory_device(device(0x5C, 0x8000 | 512, 0x1A, 0, 0))->bytes, 512ull << 10);
  EXPECT_EQ(smbios_memory_device(device(0x5C, 0x7FFF, 0x22, 4800, 4800, 65536))->type, "DDR5");
}

TEST(SmbiosMemory, EmptySlotsUnknownsAndShortStructures) {
  const auto empty = smbios_memory_device(device(0x5C, 0, 0x02, 0, 0));  // no module installed
  ASSERT_TRUE(empty);
  EXPECT_FALSE(empty->bytes);
  EXPECT_FALSE(empty->rated_mts);
  // SMBIOS 2.3's 0x1B bytes: no configured speed field at all.
  const auto old = smbios_memory_device(device(0x1B, 4096, 0x18, 1333, 1333));
  ASSERT_TRUE(old);
  EXPECT_EQ(*old->rated_mts, 1333);
  EXPECT_FALSE(old->configured_mts);
  EXPECT_FALSE(smbios_memory_device(""));
  EXPECT_FALSE(smbios_memory_device(std::string("\x10\x17", 2) + std::string(0x15, '\0')));  // type 16, not 17
  std::string lying = device(0x5C, 4096, 0x1A, 3200, 3200);
  lying[1] = static_cast<char>(0xFF);  // a length past the bytes there are
  EXPECT_FALSE(smbios_memory_device(lying.substr(0, 0x40)));
}

TEST(SmbiosMemory, EveryEntryUnderTheRootSummed) {
  const fs::path root = fs::temp_directory_path() / ("gpuaudit-smbios-" + std::to_string(::getpid()));
  fs::remove_all(root);
  auto write = [&](const std::string& entry, const std::string& bytes) {
    fs::create_directories(root / "sys/firmware/dmi/entries" / entry);
    std::ofstream(root / "sys/firmware/dmi/entries" / entry / "raw", std::ios::binary) << bytes;
  };
  write("17-0", device(0x5C, 16384, 0x1A, 3200, 2933));
  write("17-1", device(0x5C, 0, 0x02, 0, 0));
  write("17-2", device(0x5C, 16384, 0x1A, 3200, 2933));
  write("16-0", std::string("\x10\x17", 2));
  const json m = smbios_memory_modules(root.string());
  EXPECT_EQ(m.at("slots"), 3);
  EXPECT_EQ(m.at("populated"), 2);
  EXPECT_EQ(m.at("configured_speed_mts"), 2933);
  EXPECT_EQ(m.at("below_rated"), 2);
  EXPECT_EQ(m.at("source"), "smbios");
  fs::remove_all(root);
  EXPECT_TRUE(smbios_memory_modules(root.string()).is_null());  // unreadable (not root, a container): nothing
}

}  // namespace
}  // namespace gpuaudit
