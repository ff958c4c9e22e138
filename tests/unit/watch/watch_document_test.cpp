// watch/watch_document: the record read back from a document; none, or a damaged one, is absent.
#include "watch/watch_document.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(WatchDocument, ReadBackOrAbsent) {
  ResultDocument d;
  EXPECT_FALSE(read_watch(d));
  WatchRecord w;
  w.command = {"sleep", "1"};
  w.exit_code = 0;
  d.extra = json::object();
  d.extra["watch"] = w;
  const auto back = read_watch(d);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->command, w.command);
  d.extra["watch"] = json::parse(R"({"host": 3})");
  EXPECT_FALSE(read_watch(d));
  d.extra["watch"] = "text";
  EXPECT_FALSE(read_watch(d));
}

}  // namespace
}  // namespace gpuaudit
