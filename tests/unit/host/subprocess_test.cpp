// Every child gpuaudit runs has a deadline (subprocess.hpp): a hung one is killed with what it
// forked, and the reason reads as one line.
#include "host/subprocess.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>

namespace gpuaudit {
namespace {

TEST(Subprocess, CapturesOutputAndExitCode) {
  const ProcessResult r = run_capture({"sh", "-c", "echo out; echo err >&2; exit 3"}, {.timeout_s = 20, .cancelled = {}});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(describe_failure("sh", r), "sh failed: err");
}

TEST(Subprocess, AHungChildIsKilledAtItsDeadline) {
  const auto t0 = std::chrono::steady_clock::now();
  const ProcessResult r = run_capture({"sleep", "60"}, {.timeout_s = 0.3, .cancelled = {}});
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(r.timed_out);
  EXPECT_FALSE(r.unreaped);
  EXPECT_EQ(r.exit_code, -1);
  EXPECT_LT(s, 5);
  EXPECT_NE(describe_failure("fio", r).find("fio timed out after 0.3 s and was killed"), std::string::npos)
      << describe_failure("fio", r);
}

TEST(Subprocess, TheDeadlineKillsWhatTheChildForkedToo) {
  // The grandchild holds stdout open: without the process group the pipe would never close.
  const auto t0 = std::chrono::steady_clock::now();
  const ProcessResult r = run_capture({"sh", "-c", "sleep 60 & sleep 60; wait"}, {.timeout_s = 0.3, .cancelled = {}});
  EXPECT_TRUE(r.timed_out);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5);
}

TEST(Subprocess, CancelledStopsTheChild) {
  int polls = 0;
  const ProcessResult r = run_capture({"sleep", "60"}, {.timeout_s = std::nullopt, .cancelled = [&] { return ++polls > 2; }});
  EXPECT_TRUE(r.cancelled);
  EXPECT_FALSE(r.timed_out);
  EXPECT_NE(describe_failure("fio", r).find("interrupted"), std::string::npos);
}

TEST(Subprocess, AProgramThatIsNotThereCannotStart) {
  const ProcessResult r = run_capture({"/nonexistent/fio", "--version"}, {.timeout_s = 5, .cancelled = {}});
  EXPECT_EQ(r.exit_code, -1);
  EXPECT_NE(describe_failure("fio", r).find("fio could not start"), std::string::npos) << describe_failure("fio", r);
}

TEST(Subprocess, KilledBySignalSaysWhich) {
  const ProcessResult r = run_capture({"sh", "-c", "kill -9 $$"}, {.timeout_s = 20, .cancelled = {}});
  EXPECT_EQ(r.exit_code, 128 + SIGKILL);
  EXPECT_EQ(describe_failure("fio", r), "fio failed: killed by signal 9");
}

}  // namespace
}  // namespace gpuaudit
