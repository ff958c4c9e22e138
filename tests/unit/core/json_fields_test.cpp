// core/json_fields: a field read leniently, absent when missing or of another type.
#include "core/json_fields.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(JsonFields, NumberFieldIsAbsentWhenMissingOrNotANumber) {
  const json j = {{"gbs", 812.5}, {"count", 3}, {"unit", "GB/s"}, {"none", nullptr}};
  EXPECT_EQ(number_field(j, "gbs"), 812.5);
  EXPECT_EQ(number_field(j, "count"), 3.0);
  EXPECT_FALSE(number_field(j, "unit"));
  EXPECT_FALSE(number_field(j, "none"));
  EXPECT_FALSE(number_field(j, "missing"));
  EXPECT_FALSE(number_field(json::array({1, 2}), "gbs"));
}

TEST(JsonFields, StringFieldIsEmptyWhenMissingOrNotAString) {
  const json j = {{"unit", "GB/s"}, {"gbs", 812.5}};
  EXPECT_EQ(string_field(j, "unit"), "GB/s");
  EXPECT_EQ(string_field(j, "gbs"), "");
  EXPECT_EQ(string_field(j, "missing"), "");
  EXPECT_EQ(string_field(json(), "unit"), "");
}
