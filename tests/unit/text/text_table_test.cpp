// text/text_table: the one text-table printer: columns padded by what a terminal shows (CJK 2,
// combining marks 0), numbers right-aligned, escapes measured as printed.
#include "text/text_table.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuaudit {
namespace {

TEST(DisplayWidth, CountsWhatATerminalShows) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("H100 SXM"), 8u);
  EXPECT_EQ(display_width("上海"), 4u);                       // CJK ideographs: 2 each
  EXPECT_EQ(display_width("東京リージョン"), 14u);            // kanji and katakana, the long-vowel mark too
  EXPECT_EQ(display_width("서울"), 4u);                       // Hangul syllables
  EXPECT_EQ(display_width("ＧＰＵ"), 6u);                     // fullwidth Latin
  EXPECT_EQ(display_width("e\u0301te\u0301"), 3u);            // "été" with combining acute accents: 0 each
  EXPECT_EQ(display_width("\u00e9t\u00e9"), 3u);              // the same word precomposed
  EXPECT_EQ(display_width("\u30ab\u3099"), 2u);               // katakana KA + combining voicing mark
  EXPECT_EQ(display_width("a\u200bb"), 2u);                   // zero-width space
  EXPECT_EQ(display_width("\xff"), 1u);                       // invalid UTF-8: shown as one U+FFFD
}

TEST(TextTable, PadsByDisplayWidthAndRightAlignsNumbers) {
  TextTable t({{"region", "GB/s", "note"},
               {"上海", "3352", "华东"},
               {"東京リージョン", "48.5", ""},
               {"e\u0301te\u0301", "7", "combining"},
               {"us-east-1", "1024.0", "plain"}});
  t.align = {Align::left, Align::right, Align::left};
  EXPECT_EQ(render_table(t),
            "region            GB/s  note\n"
            "上海              3352  华东\n"
            "東京リージョン    48.5\n"
            "e\u0301te\u0301                  7  combining\n"
            "us-east-1       1024.0  plain\n");
}

TEST(TextTable, IndentsEscapesAndLeavesTheLastCellAlone) {
  TextTable t({{"figure", "value", "why"}, {"a\x1b[2Jb", "1", "free text that is long"}, {"b", "22", ""}});
  t.indent = "  ";
  t.align = {Align::left, Align::right};
  // The escape is measured as the four characters terminal_text prints for it; the free-text
  // last cell widens nothing, and no line ends in blanks.
  EXPECT_EQ(render_table(t),
            "  figure     value  why\n"
            "  a\\x1B[2Jb      1  free text that is long\n"
            "  b             22\n");
}

}  // namespace
}  // namespace gpuaudit
