// core/join.hpp: the one list joiner every layer uses (messages, table cells, CSV fields).
#include "core/join.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace gpuaudit {
namespace {

TEST(Join, CommaSpaceByDefault) {
  EXPECT_EQ(join(std::vector<std::string>{"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(join(std::vector<std::string>{"only"}), "only");
  EXPECT_EQ(join(std::vector<std::string>{}), "");
}

TEST(Join, AnySeparatorAndRange) {
  EXPECT_EQ(join(std::vector<std::string>{"sliced", "host-bound"}, ";"), "sliced;host-bound");
  EXPECT_EQ(join(std::set<std::string>{"b", "a"}, " / "), "a / b");  // a set in its own order
  EXPECT_EQ(join(std::vector<std::string>{"", "x", ""}, ","), ",x,");  // empty items keep their place
}

}  // namespace
}  // namespace gpuaudit
