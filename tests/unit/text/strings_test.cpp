// text/strings: the one lower() and trim() every room uses.
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
