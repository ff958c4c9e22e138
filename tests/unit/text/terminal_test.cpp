// text/terminal: the width prose is wrapped to and whether colour is used, from COLUMNS, NO_COLOR,
// --color and whether the stream is a terminal (a file descriptor of a file never is).
#include "text/terminal.hpp"

#include "unit/support/scoped_env.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace gpuaudit {
namespace {

using test_support::ScopedEnv;

struct ModeReset {
  ~ModeReset() { set_color_mode(ColorMode::automatic); }
};

int file_fd() {
  static std::FILE* f = std::tmpfile();
  return fileno(f);
}

TEST(TerminalWidth, ColumnsWinsThenAFileGets100) {
  {
    ScopedEnv c("COLUMNS", "80");
    EXPECT_EQ(terminal_width(file_fd()), 80u);
  }
  for (const char* bad : {"", "abc", "12", "80x", "-5"}) {
    ScopedEnv c("COLUMNS", bad);
    EXPECT_EQ(terminal_width(file_fd()), 100u) << "COLUMNS=" << bad;
  }
}

TEST(TerminalWidthKnown, OnlyFromColumnsOrATerminal) {
  {
    ScopedEnv c("COLUMNS", nullptr);
    EXPECT_FALSE(terminal_width_known(file_fd()));
  }
  ScopedEnv c("COLUMNS", "132");
  EXPECT_TRUE(terminal_width_known(file_fd()));
}

TEST(ColourWanted, AutomaticNeverColoursAFile) {
  ModeReset reset;
  ScopedEnv n("NO_COLOR", nullptr);
  EXPECT_FALSE(colour_wanted(file_fd()));
}

TEST(ColourWanted, AlwaysAndNeverOverrideTheStream) {
  ModeReset reset;
  set_color_mode(ColorMode::always);
  EXPECT_TRUE(colour_wanted(file_fd()));
  set_color_mode(ColorMode::never);
  EXPECT_FALSE(colour_wanted(file_fd()));
}

TEST(ColorModeNamed, TakesTheThreeNamesOnly) {
  EXPECT_EQ(color_mode_named("auto"), ColorMode::automatic);
  EXPECT_EQ(color_mode_named("always"), ColorMode::always);
  EXPECT_EQ(color_mode_named("never"), ColorMode::never);
  EXPECT_EQ(color_mode_named("yes"), std::nullopt);
}

TEST(Paint, WrapsInSgrCodesOnlyWhenOn) {
  EXPECT_EQ(paint("healthy", Colour::green, true), "\x1b[32mhealthy\x1b[0m");
  EXPECT_EQ(paint("healthy", Colour::green, false), "healthy");
  EXPECT_EQ(paint("", Colour::red, true), "");
}

}  // namespace
}  // namespace gpuaudit
