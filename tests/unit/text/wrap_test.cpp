// text/wrap: prose broken at spaces to a width, never inside a word or a `command`.
#include "text/wrap.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(Wrap, BreaksAtSpacesWithinTheWidth) {
  EXPECT_EQ(wrap("one two three four", 9), "one two\nthree\nfour\n");
  EXPECT_EQ(wrap("one two three four", 100), "one two three four\n");
}

TEST(Wrap, PrefixesTheFirstLineAndIndentsTheRest) {
  EXPECT_EQ(wrap("alpha beta gamma", 12, "  - ", "    "), "  - alpha\n    beta\n    gamma\n");
}

TEST(Wrap, KeepsABacktickedCommandWhole) {
  EXPECT_EQ(wrap("run `gpuaudit run --quick` now", 12), "run\n`gpuaudit run --quick`\nnow\n");
  EXPECT_EQ(wrap("import (`gpuaudit import`) an", 20), "import\n(`gpuaudit import`)\nan\n");
}

TEST(Wrap, AWordLongerThanALineStandsAloneUncut) {
  EXPECT_EQ(wrap("a 0123456789abcdef b", 8), "a\n0123456789abcdef\nb\n");
}

TEST(Wrap, CountsTerminalColumnsNotBytes) {
  // "é" is 2 bytes and 1 column: "héllo wörld" is 11 columns and fits 11.
  EXPECT_EQ(wrap("h\u00e9llo w\u00f6rld", 11), "h\u00e9llo w\u00f6rld\n");
}

TEST(Wrap, RunsOfSpacesAndEmptyTextAreHarmless) {
  EXPECT_EQ(wrap("a    b", 10), "a b\n");
  EXPECT_EQ(wrap("", 10, "  "), "  \n");
  EXPECT_EQ(wrap("`unclosed command", 5), "`unclosed command\n");
}

}  // namespace
}  // namespace gpuaudit
