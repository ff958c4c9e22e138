// The count-down gate (src/core/latch.hpp): CondvarLatch, which the prebuilt binary uses where
// libstdc++ has no std::latch, releases every waiter once the count reaches zero, and not before.
#include "core/latch.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using gpuaudit::CondvarLatch;

TEST(CoreLatch, ReleasesAllWaitersAtZeroOnly) {
  CondvarLatch ready(4);
  CondvarLatch go(1);
  std::atomic<int> started{0}, passed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&] {
      ++started;
      ready.count_down();
      go.wait();
      ++passed;
    });
  ready.wait();  // all four counted down
  EXPECT_EQ(started.load(), 4);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(passed.load(), 0);  // the gate is still shut
  go.count_down();
  for (auto& t : threads) t.join();
  EXPECT_EQ(passed.load(), 4);
}

TEST(CoreLatch, ArriveAndWaitMeetsTheLast) {
  CondvarLatch start(3);
  std::atomic<int> through{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 3; ++i)
    threads.emplace_back([&] {
      start.arrive_and_wait();
      ++through;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(through.load(), 3);
  CondvarLatch done(0);
  done.wait();  // a zero count never blocks
}
