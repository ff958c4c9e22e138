// import/errors/status_table: the look-ups every library's status table shares.
#include "import/errors/status_table.hpp"

#include <gtest/gtest.h>

#include <array>

namespace gpuaudit::imports {
namespace {

constexpr std::array kTable = std::to_array<StatusCode>({
    {1, "LIB_ERR_ONE", kClassProgram, "invalid-call", "", "the first"},
    {-7, "LIB_ERR_SEVEN", kClassSoftware, "driver-too-old", "high", "the seventh"},
});

TEST(StatusTable, ByNumberAndByWholeName) {
  EXPECT_STREQ(status_numbered(kTable, -7)->name, "LIB_ERR_SEVEN");
  EXPECT_EQ(status_numbered(kTable, 2), nullptr);
  EXPECT_STREQ(status_first_numbered(kTable, {3, -7, 1})->name, "LIB_ERR_SEVEN");  // the first that is a code
  EXPECT_EQ(status_first_numbered(kTable, {3, 4}), nullptr);
  EXPECT_EQ(status_first_numbered(kTable, {}), nullptr);
  EXPECT_STREQ(status_named(kTable, "call failed: LIB_ERR_ONE (1)", "LIB_ERR_")->name, "LIB_ERR_ONE");
  EXPECT_EQ(status_named(kTable, "MY_LIB_ERR_ONE", "LIB_ERR_"), nullptr);   // part of a longer name
  EXPECT_EQ(status_named(kTable, "LIB_ERR_ONEX", "LIB_ERR_"), nullptr);     // nor a longer one
  EXPECT_EQ(status_named(kTable, "LIB_ERR_", "LIB_ERR_"), nullptr);
  EXPECT_EQ(status_named(kTable, "LIB_ERR_ONE", ""), nullptr);
  const ErrorMeaning m = status_meaning(kTable[1], "Lib");
  EXPECT_EQ(m.cls, kClassSoftware);
  EXPECT_EQ(m.confidence, "high");
  EXPECT_EQ(m.meaning, "Lib LIB_ERR_SEVEN: the seventh");
}

}  // namespace
}  // namespace gpuaudit::imports
