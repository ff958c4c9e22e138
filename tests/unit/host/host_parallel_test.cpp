// Running one body on N threads that start together (host_parallel.hpp): every index runs once,
// the wall time covers the slowest thread, pins are a plan of one CPU per thread, and an exception
// in a body reaches the caller.
#include "host/host_parallel.hpp"

#include "host/cpu_topology.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace gpuaudit {
namespace {

TEST(HostParallel, EveryThreadIndexRunsOnce) {
  std::mutex m;
  std::multiset<int> seen;
  ParallelPlan plan;
  plan.threads = 4;
  const double s = run_parallel(plan, [&](int i) {
    std::lock_guard lock(m);
    seen.insert(i);
  });
  EXPECT_EQ(seen, (std::multiset<int>{0, 1, 2, 3}));
  EXPECT_GE(s, 0.0);
}

TEST(HostParallel, NoThreadsMeansOne) {
  std::atomic<int> calls{0};
  ParallelPlan plan;
  plan.threads = 0;
  run_parallel(plan, [&](int i) {
    EXPECT_EQ(i, 0);
    ++calls;
  });
  EXPECT_EQ(calls.load(), 1);
}

TEST(HostParallel, WallTimeLastsUntilTheSlowestThreadIsDone) {
  ParallelPlan plan;
  plan.threads = 3;
  const double s = run_parallel(plan, [](int i) {
    if (i == 2) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  });
  EXPECT_GE(s, 0.045);
  EXPECT_LT(s, 10.0);  // only a sanity bound: a loaded machine may be slow to wake the thread
}

TEST(HostParallel, AnExceptionInABodyIsRethrownAfterAllThreadsEnded) {
  std::atomic<int> done{0};
  ParallelPlan plan;
  plan.threads = 3;
  EXPECT_THROW(run_parallel(plan,
                            [&](int i) {
                              if (i == 1) throw std::runtime_error("out of memory");
                              ++done;
                            }),
               std::runtime_error);
  EXPECT_EQ(done.load(), 2);
}

TEST(HostParallel, OneThreadPerCpuPinnedToItsOwn) {
  const ParallelPlan p = one_thread_per_cpu({2, 5, 7});
  EXPECT_EQ(p.threads, 3);
  EXPECT_EQ(p.pins, (std::vector<std::vector<int>>{{2}, {5}, {7}}));
  const ParallelPlan none = one_thread_per_cpu({});
  EXPECT_EQ(none.threads, 1);
  EXPECT_TRUE(none.pins.empty());
}

TEST(HostParallel, PinnedThreadsOnThisMachinesCpusRun) {
  const CpuTopology t = read_cpu_topology();
  ASSERT_FALSE(t.allowed.empty());
  std::atomic<int> calls{0};
  run_parallel(one_thread_per_cpu(t.allowed), [&](int) { ++calls; });
  EXPECT_EQ(calls.load(), static_cast<int>(t.allowed.size()));
}

}  // namespace
}  // namespace gpuaudit
