// The text helpers every import parser shares (src/import/smi_values.hpp): word splitting and
// clipping a message without cutting a UTF-8 character in two (the fuzzer found a kernel-log
// message clipped inside U+FFFD, which the document writer then refused).
#include "import/import.hpp"
#include "import/smi_values.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace gpuaudit::imports::smi {
namespace {

TEST(ImportTextValues, WordsSplitAtRunsOfSpacesAndTabs) {
  EXPECT_EQ(words("  r  b\tswpd   free "), (std::vector<std::string>{"r", "b", "swpd", "free"}));
  EXPECT_TRUE(words(" \t ").empty());
}

TEST(ImportTextValues, Utf8PrefixNeverCutsACharacter) {
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
