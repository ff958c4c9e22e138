// text/figure_format: figures with the digits their magnitude deserves, changes in percent with a
// sign, p-values and significance levels as a reader expects them.
#include "text/figure_format.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <optional>
#include <string>

namespace gpuaudit {
namespace {

TEST(FigureFormat, DigitsSuitTheMagnitude) {
  EXPECT_EQ(fmt_figure(4312.4), "4312");
  EXPECT_EQ(fmt_figure(789.34), "789.3");
  EXPECT_EQ(fmt_figure(2.414), "2.41");
  EXPECT_EQ(fmt_figure(0.0341), "0.034");
  EXPECT_EQ(fmt_figure(0.0012), "0.0012");  // below 0.01: two significant digits
  EXPECT_EQ(fmt_figure(0.0), "0.000");
  EXPECT_EQ(fmt_figure(-250.0), "-250.0");
}

TEST(FigureFormat, NotANumberOrMissingIsADash) {
  EXPECT_EQ(fmt_figure(std::numeric_limits<double>::quiet_NaN()), "-");
  EXPECT_EQ(fmt_figure(std::numeric_limits<double>::infinity()), "-");
  EXPECT_EQ(fmt_figure(std::optional<double>()), "-");
  EXPECT_EQ(fmt_figure(std::optional<double>(), "n/a"), "n/a");
  EXPECT_EQ(fmt_figure(std::optional<double>(12.0)), "12.00");
}

TEST(FigureFormat, ChangeInPercentCarriesItsSign) {
  EXPECT_EQ(fmt_change_pct(3.24), "+3.2%");
  EXPECT_EQ(fmt_change_pct(-20.0), "-20%");
  EXPECT_EQ(fmt_change_pct(-0.01), "0.0%");  // no "-0.0%"
  EXPECT_EQ(fmt_change_pct(0.0), "0.0%");    // and no "+0.0%"
  EXPECT_EQ(fmt_change_pct(std::nullopt), "-");
}

TEST(FigureFormat, PValuesAndAlpha) {
  EXPECT_EQ(fmt_p_value(0.0321), "0.032");
  EXPECT_EQ(fmt_p_value(0.0004), "<0.001");
  EXPECT_EQ(fmt_alpha(0.05), "0.05");
  EXPECT_EQ(fmt_alpha(0.001), "0.001");
}

}  // namespace
}  // namespace gpuaudit
