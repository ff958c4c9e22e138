// Small /proc and /sys files read whole (host/proc_file.hpp); a missing one is "".
#include "host/proc_file.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(ProcFile, ReadsAProcFileWholeAndAMissingOneAsEmpty) {
  const std::string stat = read_proc_text("/proc/self/stat");
  EXPECT_NE(stat.find(") "), std::string::npos);  // "pid (comm) state ..."
  EXPECT_GT(read_proc_text("/proc/self/status").size(), 100u);  // more than a first read of a /proc file gives
  EXPECT_EQ(read_proc_text("/proc/self/no-such-file"), "");
  EXPECT_EQ(read_proc_text(""), "");
}

}  // namespace
}  // namespace gpuaudit
