// numbers_after: the codes written after a word in a log line.
#include "text/number_after.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

using V = std::vector<long>;

TEST(NumberAfter, TakesEachNumberAfterEachKeyInKeyOrder) {
  EXPECT_EQ(numbers_after("cuinit failed with error: 34 (returned 2)", {"returned", "error"}, {" :=("}), (V{2, 34}));
  EXPECT_EQ(numbers_after("code=214(cudaerrorecc) code=3", {"code="}, {}), (V{214, 3}));
  EXPECT_TRUE(numbers_after("error code", {"code"}, {" "}).empty());  // the key at the end
}

TEST(NumberAfter, OnlyTheSkippedCharactersMayStandBetween) {
  EXPECT_EQ(numbers_after("error (2)", {"error"}, {" ("}), (V{2}));
  EXPECT_TRUE(numbers_after("error (2)", {"error "}, {}).empty());
  EXPECT_TRUE(numbers_after("error x2", {"error"}, {" "}).empty());
}

TEST(NumberAfter, AVersionATimeOrALongNumberIsNoCode) {
  const NumberAfter how{" ", false, 4, ".:"};
  EXPECT_TRUE(numbers_after("error 12.4", {"error"}, how).empty());
  EXPECT_TRUE(numbers_after("returned 10:32", {"returned"}, how).empty());
  EXPECT_TRUE(numbers_after("error 123456", {"error"}, how).empty());  // more digits than four
  EXPECT_EQ(numbers_after("error 1234.", {"error"}, {" ", false, 4, ""}), (V{1234}));  // a full stop allowed here
}

TEST(NumberAfter, NegativeCodesKeepTheirSign) {
  const NumberAfter how{" :=(", true, 9, ""};
  EXPECT_EQ(numbers_after("clbuildprogram failed: error -11", {"error", "failed"}, how), (V{-11}));
  EXPECT_TRUE(numbers_after("error 11", {"error"}, how).empty());  // no sign: not this kind
  EXPECT_TRUE(numbers_after("error -", {"error"}, how).empty());
}

TEST(NumberAfter, StartsWhereTheCallerSays) {
  EXPECT_EQ(numbers_after("error 1 cumemalloc error 2", {"error"}, {" "}, 8), (V{2}));
  EXPECT_TRUE(numbers_after("", {"error", ""}, {}).empty());
}

}  // namespace
}  // namespace gpuaudit
