// decode_bom_text() (src/import/text/text_encoding.cpp): UTF-16 LE/BE and UTF-32 LE/BE with a byte-order
// mark to UTF-8 (Windows PowerShell's `>` writes UTF-16 LE), surrogate pairs joined, what is no
// character replaced by U+FFFD, and a text without a mark left alone.
#include "import/import.hpp"
#include "import/text/text_encoding.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int c : b) s += static_cast<char>(c);
  return s;
}

TEST(TextEncoding, Utf16LittleAndBigEndian) {
  EXPECT_EQ(decode_bom_text(bytes({0xFF, 0xFE, 'G', 0, 'P', 0, 'U', 0, '\n', 0})), "GPU\n");
  EXPECT_EQ(decode_bom_text(bytes({0xFE, 0xFF, 0, 'G', 0, 'P', 0, 'U'})), "GPU");
  // "°C" (U+00B0) and "€" (U+20AC) and U+1F600 as a surrogate pair
  EXPECT_EQ(decode_bom_text(bytes({0xFF, 0xFE, 0xB0, 0x00, 0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE})),
            "\xC2\xB0\xE2\x82\xAC\xF0\x9F\x98\x80");
}

TEST(TextEncoding, Utf32LittleAndBigEndian) {
  EXPECT_EQ(decode_bom_text(bytes({0xFF, 0xFE, 0, 0, 'X', 0, 0, 0, 0xAC, 0x20, 0, 0})), "X\xE2\x82\xAC");
  EXPECT_EQ(decode_bom_text(bytes({0, 0, 0xFE, 0xFF, 0, 0, 0, 'X'})), "X");
}

TEST(TextEncoding, WhatIsNoCharacterBecomesTheReplacementCharacter) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(decode_bom_text(bytes({0xFF, 0xFE, 0x00, 0xD8, 'A', 0})), fffd + "A");    // a lone high surrogate
  EXPECT_EQ(decode_bom_text(bytes({0xFF, 0xFE, 'A', 0, 'B'})), "A" + fffd);           // a cut last unit
  EXPECT_EQ(decode_bom_text(bytes({0, 0, 0xFE, 0xFF, 0, 0x11, 0, 0})), fffd);          // past U+10FFFF
  EXPECT_EQ(decode_bom_text(bytes({0xFF, 0xFE})), "");
}

TEST(TextEncoding, WithoutAMarkTheTextIsNotDecoded) {
  EXPECT_FALSE(decode_bom_text("plain text").has_value());
  EXPECT_FALSE(decode_bom_text("\xEF\xBB\xBFutf-8 with its own mark").has_value());
  EXPECT_FALSE(decode_bom_text("").has_value());
}

TEST(TextEncoding, NormalisedAfterDecodingLikeAnyPaste) {
  const auto d = decode_bom_text(bytes({0xFF, 0xFE, 'a', 0, '\r', 0, '\n', 0, 'b', 0}));
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(normalize_text(*d), "a\nb");
}

}  // namespace
}  // namespace gpuaudit::imports
