#include "host/host_parallel.hpp"

#include "core/latch.hpp"
#include "host/cpu_topology.hpp"

#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

namespace gpuaudit {

double run_parallel(const ParallelPlan& plan, const std::function<void(int)>& body) {
  using clock = std::chrono::steady_clock;
  const int n = plan.threads < 1 ? 1 : plan.threads;
  Latch ready(n);
  Latch go(1);
  std::mutex m;
  std::exception_ptr error;
  std::vector<clock::time_point> ends(static_cast<size_t>(n));
  std::vector<std::thread> threads;
  threads.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    threads.emplace_back([&, i] {
      if (static_cast<size_t>(i) < plan.pins.size() && !plan.pins[static_cast<size_t>(i)].empty())
        pin_current_thread(plan.pins[static_cast<size_t>(i)]);  // best effort: unpinned still measures
      ready.count_down();
      go.wait();
      try {
        body(i);
      } catch (...) {
        std::lock_guard lock(m);
        if (!error) error = std::current_exception();
      }
      ends[static_cast<size_t>(i)] = clock::now();
    });
  }
  ready.wait();  // every thread exists and is pinned: the start is not skewed by thread creation
  const auto t0 = clock::now();
  go.count_down();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  auto last = t0;
  for (const auto& e : ends) last = std::max(last, e);
  return std::chrono::duration<double>(last - t0).count();
}

ParallelPlan one_thread_per_cpu(const std::vector<int>& cpus) {
  ParallelPlan p;
  p.threads = cpus.empty() ? 1 : static_cast<int>(cpus.size());
  for (int c : cpus) p.pins.push_back({c});
  return p;
}

}  // namespace gpuaudit
