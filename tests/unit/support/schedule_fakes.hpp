// What the schedule and run-estimate tests share (split out of the old flat multigpu_rules_test.cpp):
// the registrations of benchmarks/*.cpp as plan_schedule sees them, and a fake device backend that
// records when each (step, slot) ran and how many ran at once.
#pragma once

#include "measure/measurement.hpp"
#include "run/gpu_schedule.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace gpuaudit::schedule_fakes {

// The registrations of benchmarks/*.cpp (name, order, full_only, all_gpus), as of this commit.
inline std::vector<ScheduleBench> registered() {
  return {{"gemm/bf16", 101, false, false},        {"gemm/fp16", 100, false, false},
          {"gemm/fp8", 103, false, false},         {"gemm/tf32", 102, false, false},
          {"hbm/copy", 52, false, false},          {"hbm/read", 50, false, false},
          {"hbm/triad", 53, false, false},         {"hbm/write", 51, false, false},
          {"l2/read", 60, false, false},           {"mem/allocatable", 1000, false, false},
          {"pcie/bidir_pageable", 76, true, false}, {"pcie/bidir_pinned", 72, false, false},
          {"pcie/d2h_pageable", 74, false, false}, {"pcie/d2h_pinned", 71, false, false},
          {"pcie/h2d_all", 80, false, true},       {"pcie/h2d_pageable", 73, false, false},
          {"pcie/h2d_pinned", 70, false, false},   {"pcie/h2d_pinned_remote", 75, true, false},
          {"sm/contention", 90, false, false},     {"sm/fp32", 20, false, false},
          {"sm/fp64", 21, false, false},           {"sm/int32", 22, false, false},
          {"sm/launch", 30, false, false},         {"sm/launch_sync", 31, false, false},
          {"tensor/mma_bf16", 41, false, false},   {"tensor/mma_fp16", 40, false, false},
          {"sm/census", 10, false, false}};
}

// Records when each (step, slot) started and how many ran at once.
class FakeBackend final : public StepBackend {
 public:
  Measurement run(const ScheduleStep& step, int slot) override {
    const int now = ++running_;
    int seen = max_running_.load();
    while (now > seen && !max_running_.compare_exchange_weak(seen, now)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    --running_;
    if (step.bench == "boom" && slot == 1) throw std::runtime_error("fake device fault");
    Measurement m;
    m.samples = {100.0 + slot};
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.push_back(step.bench + "@" + std::to_string(slot));
    return m;
  }
  std::atomic<int> running_{0}, max_running_{0};
  std::mutex mutex_;
  std::vector<std::string> calls_;
};


}  // namespace gpuaudit::schedule_fakes
