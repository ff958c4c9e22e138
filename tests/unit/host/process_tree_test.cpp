// host/process_tree: a child is ended with everything it started, a grandchild that left its
// session included; what is re-parented to us is found and reaped.
#include "host/process_tree.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

using namespace gpuaudit;

namespace {

// A child that forks a grandchild, which calls setsid() (as fio's job processes do) and sleeps;
// the grandchild's pid comes back through a pipe.
pid_t spawn_tree(pid_t& grandchild) {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  const pid_t child = ::fork();
  if (child == 0) {
    const pid_t g = ::fork();
    if (g == 0) {
      ::setsid();
      for (;;) ::pause();
    }
    if (::write(fds[1], &g, sizeof g) != sizeof g) _exit(1);
    for (;;) ::pause();
  }
  ::close(fds[1]);
  if (::read(fds[0], &grandchild, sizeof grandchild) != sizeof grandchild) grandchild = -1;
  ::close(fds[0]);
  return child;
}

// Running, as opposed to gone or a zombie.
bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_field, comm, state;
  if (!(stat >> pid_field >> comm >> state)) return false;
  return state != "Z";
}

bool gone_within(pid_t pid, std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (alive(pid) && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return !alive(pid);
}

}  // namespace

TEST(ProcessTree, ChildrenOfListsAForkedChild) {
  pid_t grandchild = -1;
  const pid_t child = spawn_tree(grandchild);
  ASSERT_GT(child, 0);
  ASSERT_GT(grandchild, 0);
  const auto mine = children_of(::getpid());
  EXPECT_NE(std::find(mine.begin(), mine.end(), child), mine.end());
  const auto its = children_of(child);
  EXPECT_EQ(its, std::vector<pid_t>{grandchild});
  EXPECT_EQ(process_tree(child), (std::vector<pid_t>{child, grandchild}));
  // Two roots, one inside the other's tree, and one that is no process: each process once.
  EXPECT_EQ(process_trees({child, grandchild, 0}), (std::vector<pid_t>{child, grandchild}));
  EXPECT_EQ(process_trees({grandchild, child}), (std::vector<pid_t>{grandchild, child}));
  kill_tree(child);
  ::waitpid(child, nullptr, 0);
  EXPECT_TRUE(gone_within(grandchild, std::chrono::seconds(5)));
}

TEST(ProcessTree, KillTreeEndsAGrandchildThatLeftTheSessionWhichAGroupKillMisses) {
  pid_t grandchild = -1;
  const pid_t child = spawn_tree(grandchild);
  ASSERT_GT(grandchild, 0);
  ::kill(-child, SIGKILL);  // what ending the group did: not enough
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  EXPECT_TRUE(alive(grandchild)) << "the grandchild should have survived the group kill";
  ::kill(grandchild, SIGKILL);

  const pid_t child2 = spawn_tree(grandchild);
  kill_tree(child2);
  ::waitpid(child2, nullptr, 0);
  EXPECT_TRUE(gone_within(grandchild, std::chrono::seconds(5)));
}

TEST(ProcessTree, EndAllDescendantsReapsWhatWasReparentedToASubreaper) {
  become_subreaper();
  pid_t grandchild = -1;
  const pid_t child = spawn_tree(grandchild);
  ASSERT_GT(grandchild, 0);
  ::kill(child, SIGKILL);  // the grandchild is orphaned: re-parented to us, the subreaper
  ::waitpid(child, nullptr, 0);
  EXPECT_GE(end_all_descendants(), 1);
  EXPECT_TRUE(gone_within(grandchild, std::chrono::seconds(5)));
  EXPECT_EQ(::waitpid(grandchild, nullptr, WNOHANG), -1) << "reaped, not left a zombie";
}

TEST(ProcessTree, KillTrackedChildrenEndsOnlyTrackedOnes) {
  pid_t g1 = -1, g2 = -1;
  const pid_t tracked = spawn_tree(g1), other = spawn_tree(g2);
  track_child(tracked);
  kill_tracked_children();
  untrack_child(tracked);
  ::waitpid(tracked, nullptr, 0);
  EXPECT_TRUE(gone_within(g1, std::chrono::seconds(5)));
  EXPECT_TRUE(alive(other));
  kill_tree(other);
  ::waitpid(other, nullptr, 0);
  EXPECT_TRUE(gone_within(g2, std::chrono::seconds(5)));
}

TEST(ProcessTree, OurselvesAndInitAreNeverKilled) {
  kill_tree(::getpid());
  kill_tree(1);
  kill_tree(0);
  SUCCEED();
}
