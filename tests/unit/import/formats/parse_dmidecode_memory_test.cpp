// dmidecode-memory (parse_dmidecode_memory.cpp): SMBIOS Memory Device records, summed into
// host.extra.memory_modules. The real fixture's expectations are its sidecar's
// (format_registry_test); these cover the forms it does not have.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

// Two populated slots of three, one below its rated speed, in dmidecode 2.x's words (MHz, Configured
// Clock Speed) and 3.x's; an empty slot counts in `slots` only. Synthetic: shaped after the two
// dmidecode versions' field names.
const char* const kSyntheticMixed =
    "Handle 0x0039, DMI type 17, 40 bytes\nMemory Device\n\tSize: 16384 MB\n\tLocator: DIMM_A1\n\tType: DDR4\n"
    "\tSpeed: 2400 MHz\n\tConfigured Clock Speed: 2133 MHz\n\n"
    "Handle 0x003A, DMI type 17, 84 bytes\nMemory Device\n\tSize: No Module Installed\n\tLocator: DIMM_A2\n\tType: Unknown\n"
    "\tSpeed: Unknown\n\n"
    "Handle 0x003B, DMI type 17, 84 bytes\nMemory Device\n\tSize: 32 GB\n\tLocator: DIMM_B1\n\tType: DDR4\n"
    "\tSpeed: 3200 MT/s\n\tConfigured Memory Speed: 3200 MT/s\n";

TEST(DmidecodeMemory, SlotsSpeedsAndModulesBelowTheirRating) {
  EXPECT_EQ(import_test::detected(kSyntheticMixed), "dmidecode-memory");
  const ImportPart p = import_test::parse_as("dmidecode-memory", kSyntheticMixed);
  const json& m = p.host.extra.at("memory_modules");
  EXPECT_EQ(m.at("slots"), 3);
  EXPECT_EQ(m.at("populated"), 2);
  EXPECT_DOUBLE_EQ(m.at("total_gib").get<double>(), 48.0);
  EXPECT_EQ(m.at("type"), "DDR4");
  EXPECT_EQ(m.at("rated_speed_mts"), "mixed: 2400 | 3200");
  EXPECT_EQ(m.at("configured_speed_mts"), "mixed: 2133 | 3200");
  EXPECT_EQ(m.at("below_rated"), 1);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("1 of 2 memory modules run below their rated speed"), std::string::npos);
}

TEST(DmidecodeMemory, OtherDmiRecordsAreNotMemory) {
  EXPECT_EQ(import_test::detected("Handle 0x0001, DMI type 1, 27 bytes\nSystem Information\n\tManufacturer: QEMU\n"), "");
  const ImportPart p = import_test::parse_as("dmidecode-memory", "Physical Memory Array\n\tNumber Of Devices: 2\n");
  EXPECT_TRUE(p.empty());
  EXPECT_FALSE(p.skipped.empty());
  // Cut halfway, odd values: read what is there, never throw.
  const ImportPart cut = import_test::parse_as("dmidecode-memory", "Memory Device\n\tSize: 99999999999 GB\n\tSpeed: 3200\n\tSize");
  EXPECT_EQ(cut.host.extra.at("memory_modules").at("slots"), 1);
}

}  // namespace
}  // namespace gpuaudit::imports
