// Unit tests of the value helpers shared by the nvidia-smi parsers (src/import/smi_values.cpp).
#include "core/error.hpp"
#include "import/foreign_input.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/smi_values.hpp"
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

}  // namespace
}  // namespace gpuaudit::imports::smi
