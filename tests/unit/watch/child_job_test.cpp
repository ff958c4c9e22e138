// Starting the job and reading how it ended (watch/child_job.hpp): a program that is not there, an
// exit code, a signal, captured output, and a signal sent to gpuaudit passed on to the job.
#include "watch/child_job.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace gpuaudit {
namespace {

int wait_for(pid_t pid) {
  for (int i = 0; i < 500; ++i) {
    if (auto s = job_status(pid)) return *s;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  return -1;
}

TEST(ChildJob, AMissingProgramSaysWhy) {
  std::string why;
  EXPECT_FALSE(start_job({"/nonexistent/gpuaudit-no-such-program"}, false, why));
  EXPECT_EQ(why, "No such file or directory");
  EXPECT_FALSE(start_job({}, false, why));
}

TEST(ChildJob, ExitCodeAndSignal) {
  std::string why;
  auto job = start_job({"sh", "-c", "exit 7"}, false, why);
  ASSERT_TRUE(job) << why;
  const int status = wait_for(job->pid);
  EXPECT_EQ(exit_code_of(status), 7);
  EXPECT_FALSE(ending_signal(status));

  job = start_job({"sh", "-c", "kill -KILL $$"}, false, why);
  ASSERT_TRUE(job);
  const int killed = wait_for(job->pid);
  EXPECT_EQ(exit_code_of(killed), 137);
  EXPECT_EQ(ending_signal(killed), "SIGKILL");
}

TEST(ChildJob, CapturedOutputArrivesOnThePipes) {
  std::string why;
  const auto job = start_job({"sh", "-c", "echo out; echo err >&2"}, true, why);
  ASSERT_TRUE(job);
  ASSERT_GE(job->out_fd, 0);
  ASSERT_GE(job->err_fd, 0);
  wait_for(job->pid);
  char buf[16] = {};
  EXPECT_EQ(::read(job->out_fd, buf, sizeof buf), 4);
  EXPECT_EQ(std::string(buf, 4), "out\n");
  EXPECT_EQ(::read(job->err_fd, buf, sizeof buf), 4);
  ::close(job->out_fd), ::close(job->err_fd);
}

TEST(ChildJob, ATermSentToGpuauditReachesTheJob) {
  std::string why;
  const auto job = start_job({"sleep", "30"}, false, why);
  ASSERT_TRUE(job);
  int status = -1;
  {
    ForwardSignals forward(job->pid);
    ::kill(::getpid(), SIGTERM);  // as `kill <gpuaudit>` or a scheduler would
    status = wait_for(job->pid);
    EXPECT_EQ(forward.received(), 1);
  }
  EXPECT_EQ(ending_signal(status), "SIGTERM");
  EXPECT_EQ(exit_code_of(status), 143);
}

// Several processes already running are one attached job: ended once every one has ended; one that
// is not there refuses the whole (the watch would miss it silently otherwise).
TEST(ChildJob, SeveralAttachedProcessesEndTogether) {
  std::string why;
  const auto a = start_job({"sleep", "0.3"}, false, why);
  const auto b = start_job({"sleep", "30"}, false, why);
  ASSERT_TRUE(a && b) << why;
  auto job = attach_job({a->pid, b->pid, a->pid}, why);
  ASSERT_TRUE(job) << why;
  EXPECT_EQ(job->roots(), (std::vector<pid_t>{a->pid, b->pid}));
  (void)wait_for(a->pid);
  EXPECT_FALSE(job_ended(*job));  // b runs on
  ::kill(b->pid, SIGKILL);
  (void)wait_for(b->pid);
  EXPECT_TRUE(job_ended(*job));
  EXPECT_FALSE(attach_job({::getpid(), 999999999}, why));
  EXPECT_NE(why.find("999999999"), std::string::npos);
  EXPECT_FALSE(attach_job({}, why));
}

}  // namespace
}  // namespace gpuaudit
