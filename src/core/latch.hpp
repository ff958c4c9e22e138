// A single-use count-down gate: std::latch where the C++ library has it (libstdc++ 11 and newer,
// __cpp_lib_latch), else CondvarLatch, the same three operations over a mutex and a condition
// variable. The prebuilt gpuaudit is built against Debian 11's libstdc++ 10, which has no <latch>
// (scripts/deploy/dist.sh). CondvarLatch is always defined, so its tests run in every build.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <version>

#if defined(__cpp_lib_latch)
#include <latch>
#endif

namespace gpuaudit {

class CondvarLatch {
 public:
  explicit CondvarLatch(std::ptrdiff_t count) : count_(count) {}
  CondvarLatch(const CondvarLatch&) = delete;
  CondvarLatch& operator=(const CondvarLatch&) = delete;

  void count_down(std::ptrdiff_t n = 1) {
    std::lock_guard lock(m_);
    count_ -= n;
    if (count_ <= 0) cv_.notify_all();
  }
  void wait() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return count_ <= 0; });
  }
  void arrive_and_wait(std::ptrdiff_t n = 1) {
    count_down(n);
    wait();
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  std::ptrdiff_t count_;
};

#if defined(__cpp_lib_latch)
using Latch = std::latch;
#else
using Latch = CondvarLatch;
#endif

}  // namespace gpuaudit
