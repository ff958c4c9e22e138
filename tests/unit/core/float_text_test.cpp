// Doubles from and to text (src/core/float_text.cpp): std::from_chars' grammar and the shortest
// round trip, the same whether the C++ library has floating-point charconv or not.
#include "core/float_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace gpuaudit;

namespace {

// Both ways: the one this build uses, and the C library's (the prebuilt binary's, scripts/deploy/dist.sh).
void expect_grammar(std::optional<double> (*parse)(std::string_view)) {
  EXPECT_EQ(parse("1.5"), 1.5);
  EXPECT_EQ(parse("-2e3"), -2000.0);
  EXPECT_EQ(parse(".5"), 0.5);
  EXPECT_EQ(parse("7"), 7.0);
  EXPECT_EQ(parse("1E-3"), 0.001);
  EXPECT_TRUE(std::isinf(*parse("inf")));
  EXPECT_TRUE(std::isinf(*parse("-infinity")));
  EXPECT_TRUE(std::isnan(*parse("nan")));
  for (const char* bad : {"", " 1", "+1", "1 ", "1.5x", "0x10", "-0x10", "--1", "-+1", "-", "e5", "1e999", "- 1"})
    EXPECT_FALSE(parse(bad).has_value()) << "'" << bad << "'";
}

void expect_shortest(int (*digits_of)(double)) {
  EXPECT_EQ(digits_of(0.1), 1);
  EXPECT_EQ(digits_of(123.456), 6);
  EXPECT_EQ(digits_of(1.0 / 3.0), 16);
  for (double v : {0.1, 2.0 / 3.0, 1e-300, 6.02214076e23, 412.7, 5e-324}) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits_of(v), v);
    EXPECT_EQ(std::strtod(buf, nullptr), v) << v;
  }
}

}  // namespace

TEST(CoreFloatText, ReadsFromCharsGrammarOnly) {
  expect_grammar(parse_double);
  expect_grammar(parse_double_c);
}

TEST(CoreFloatText, ShortestRoundTripDigits) {
  expect_shortest(shortest_round_trip_digits);
  expect_shortest(shortest_round_trip_digits_c);
  for (double v : {0.1, 2.0 / 3.0, 1e-300, 6.02214076e23, 412.7, 1e15 + 0.5, 5e-324})
    EXPECT_EQ(shortest_round_trip_digits(v), shortest_round_trip_digits_c(v)) << v;
}
