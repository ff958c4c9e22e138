// Unit tests of the value helpers shared by the nvidia-smi parsers (src/import/text/smi_values.cpp).
#include "core/error.hpp"
#include "import/gates/foreign_input.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/text/smi_values.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::fixture_dir;
using import_test::gpu;
using import_test::parse_as;
using import_test::read_bytes;

TEST(HexNumber, OneToEightHexDigitsWithoutAPrefix) {
  EXPECT_EQ(smi::hex_number("DE"), 0xDEu);
  EXPECT_EQ(smi::hex_number("1b"), 0x1Bu);
  EXPECT_EQ(smi::hex_number("233010DE"), 0x233010DEu);
  EXPECT_EQ(smi::hex_number("FFFFFFFF"), 0xFFFFFFFFu);
  for (const char* bad : {"", "123456789", "0x1F", "1g", " 1", "-1"}) EXPECT_FALSE(smi::hex_number(bad)) << bad;
}

TEST(MigProfileOfCudaName, TheProfileAfterMig) {
  EXPECT_EQ(*smi::mig_profile_of_cuda_name("NVIDIA A100-SXM4-40GB MIG 3g.20gb"), "3g.20gb");
  EXPECT_EQ(*smi::mig_profile_of_cuda_name("NVIDIA GH200 480GB MIG 2g.24gb "), "2g.24gb");
  EXPECT_FALSE(smi::mig_profile_of_cuda_name("NVIDIA H100 80GB HBM3"));
  EXPECT_FALSE(smi::mig_profile_of_cuda_name("NVIDIA MIGHTY 9000"));
}

TEST(SmallNumber, UpToFiveDigitsAndTheBound) {
  EXPECT_EQ(smi::small_number("0", 17), 0);
  EXPECT_EQ(smi::small_number("17", 17), 17);
  EXPECT_EQ(smi::small_number("00017", 17), 17);
  for (const char* bad : {"", "18", "123456", "+1", "1 ", "a"}) EXPECT_FALSE(smi::small_number(bad, 17)) << bad;
}

TEST(HeadLines, AtMostTheLinesOfTheFirstBytes) {
  const auto three = smi::head_lines("a\nb\nc\nd\n", 3);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[0], (std::pair<int, std::string_view>{1, "a"}));
  EXPECT_EQ(three[2], (std::pair<int, std::string_view>{3, "c"}));
  const auto cut = smi::head_lines("first\nsecond line", 100, 9);  // 9 bytes: "first\nsec"
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[1].second, "sec");
  EXPECT_TRUE(smi::head_lines("a\nb", 0).empty());
  EXPECT_EQ(smi::head_lines(std::string(70 * 1024, 'x'), 10).front().second.size(), 64u * 1024);
}

TEST(MaskedUuid, WhatPostersTypeOverAUuid) {
  for (const char* m : {"GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", "GPU-xxxxx11f-ce5d-xxxx-xxxx-6ea62fb1xxxx",
                        "GPU-********", "<redacted>", "GPU-...", "REDACTED", "GPU-XXXX"})
    EXPECT_TRUE(smi::masked_uuid(m)) << m;
  for (const char* u : {"GPU-a230e637-c9e1-1b61-3830-a437b874d88d", "GPU-12345678-aaaa-bbbb-cccc-0123456789ab", "",
                        "MIG-GPU-9de3d0e8-1b8e-2b3f-3c4a-5d6e7f8a9b0c/9/0"})
    EXPECT_FALSE(smi::masked_uuid(u)) << u;
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports::smi {
namespace {

TEST(SmiValues, WordsSplitAtRunsOfSpacesAndTabs) {
  EXPECT_EQ(words("  r  b\tswpd   free "), (std::vector<std::string>{"r", "b", "swpd", "free"}));
  EXPECT_TRUE(words(" \t ").empty());
}

TEST(SmiValues, Utf8PrefixNeverCutsACharacter) {
  const std::string s = "ab\xE2\x82\xAC" "cd";  // "ab€cd": the euro sign is 3 bytes
  EXPECT_EQ(utf8_prefix(s, 2), "ab");
  EXPECT_EQ(utf8_prefix(s, 3), "ab");
  EXPECT_EQ(utf8_prefix(s, 4), "ab");
  EXPECT_EQ(utf8_prefix(s, 5), "ab\xE2\x82\xAC");
  EXPECT_EQ(utf8_prefix(s, 99), s);
  // Whatever the cut, the result of normalised text stays valid UTF-8 for the JSON writer.
  const std::string t = normalize_text(std::string(50, '\xFF'));
  for (std::size_t n = 0; n <= t.size(); ++n) EXPECT_NO_THROW((void)nlohmann::json(std::string(utf8_prefix(t, n))).dump()) << n;
}

TEST(SmiValues, NumbersUnitsAndAbsentWords) {
  EXPECT_DOUBLE_EQ(number("24.69 W").value_or(0), 24.69);
  EXPECT_DOUBLE_EQ(number("69,50 W").value_or(0), 69.5);  // a decimal-comma locale
  EXPECT_DOUBLE_EQ(number("16x").value_or(0), 16);
  EXPECT_FALSE(number("0x1F"));
  EXPECT_FALSE(number("N/A"));
  EXPECT_FALSE(number("[Not Supported]"));
  EXPECT_EQ(integer("1979.6 MHz"), 1980);
  EXPECT_EQ(mib_bytes("81559 MiB"), std::uint64_t{81559} * 1024 * 1024);
  EXPECT_FALSE(mib_bytes("N/A"));
  EXPECT_TRUE(is_absent("[N/A]"));
  EXPECT_TRUE(is_absent("N/A"));
  EXPECT_FALSE(is_absent("0"));
  EXPECT_EQ(boolean("Enabled"), true);
  EXPECT_EQ(boolean("Disabled"), false);
  EXPECT_FALSE(boolean("N/A"));
  EXPECT_EQ(active("Not Active"), false);
  EXPECT_EQ(active("Active"), true);
}

TEST(SmiValues, IdsVersionsModesAndBusIds) {
  EXPECT_EQ(pci_id_pair("0x233010DE").value_or(""), "10de:2330");
  EXPECT_FALSE(pci_id_pair("N/A"));
  EXPECT_EQ(cuda_version_number("12.4"), 12040);
  EXPECT_FALSE(cuda_version_number("Not Found"));
  EXPECT_EQ(virtualization_mode("Pass-Through").value_or(""), "passthrough");
  EXPECT_EQ(virtualization_mode("Host VGPU").value_or(""), "host-vgpu");
  EXPECT_EQ(compute_mode("Exclusive_Process").value_or(""), "exclusive-process");
  EXPECT_NE(clock_reason_bit("SW Power Cap"), 0u);
  EXPECT_EQ(clock_reason_bit("SW Power Cap"), clock_reason_bit("clocks_event_reason_sw_power_cap"));
  EXPECT_EQ(clock_reason_bit("no such reason"), 0u);
  EXPECT_EQ(bus_id_as_printed("0000:3B:00.0"), "00000000:3B:00.0");
  EXPECT_EQ(bus_id_as_printed("00000000:18:00.0"), "00000000:18:00.0");
  EXPECT_TRUE(is_bus_id("00008ED0:00:00.0"));
  EXPECT_FALSE(is_bus_id("GPU-1234"));
  EXPECT_EQ(strip_ansi("\x1b[4mGPU0\x1b[0m"), "GPU0");
  const auto a = timestamp_seconds("2024/05/01 12:00:01.123"), b = timestamp_seconds("2024/05/01 12:00:03.123");
  ASSERT_TRUE(a && b);
  EXPECT_NEAR(*b - *a, 2.0, 1e-6);
  const auto lines = numbered_lines("a\nb\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].first, 2);
  EXPECT_EQ(lines[1].second, "b");
}

}  // namespace
}  // namespace gpuaudit::imports::smi
