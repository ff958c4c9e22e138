// text/strings: the one lower(), trim() and split_trimmed() every room uses.
#include "text/strings.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(TextStrings, LowerChangesAsciiLettersOnly) {
  EXPECT_EQ(lower("NVIDIA H100 80GB HBM3"), "nvidia h100 80gb hbm3");
  EXPECT_EQ(lower("Ü-GPU é"), "Ü-gpu é");  // UTF-8 bytes kept as they are
  EXPECT_EQ(lower(""), "");
}

TEST(TextStrings, TrimTakesEveryKindOfWhiteSpaceFromBothEnds) {
  EXPECT_EQ(trim("  \t 24.69 W \r\n"), "24.69 W");
  EXPECT_EQ(trim("\v\f"), "");
  EXPECT_EQ(trim("a b"), "a b");
}

TEST(TextStrings, SplitTrimmedKeepsEmptyPiecesAndTrimsEach) {
  using V = std::vector<std::string_view>;
  EXPECT_EQ(split_trimmed(" a | b|", '|'), (V{"a", "b", ""}));
  EXPECT_EQ(split_trimmed("no bar ", '|'), (V{"no bar"}));
  EXPECT_EQ(split_trimmed("", '|'), (V{""}));
  EXPECT_EQ(split_trimmed("x,,y", ','), (V{"x", "", "y"}));
}

TEST(TextStrings, OneOrMixedNamesEveryValueWhenTheyDisagree) {
  EXPECT_EQ(one_or_mixed({}), "");
  EXPECT_EQ(one_or_mixed({"700"}), "700");
  EXPECT_EQ(one_or_mixed({"700", "350"}), "mixed: 350 | 700");
}

TEST(TextStrings, ShellWordsQuoteOnlyWhatAShellWouldSplit) {
  EXPECT_EQ(gpuaudit::shell_words({"python", "-u", "train.py", "--lr=3e-4"}), "python -u train.py --lr=3e-4");
  EXPECT_EQ(gpuaudit::shell_words({"sh", "-c", "echo hi; exit 3"}), "sh -c 'echo hi; exit 3'");
  EXPECT_EQ(gpuaudit::shell_words({"echo", "it's", ""}), "echo 'it'\\''s' ''");
}
