// run/gpu_schedule.cpp: the concurrent schedule, with a fake device backend: every benchmark on all
// GPUs at once, host-link copies alone too, steps in slot order, interrupt between steps.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/exit_codes.hpp"
#include "gpubench/burst_sustained.hpp"
#include "gpubench/output_record.hpp"
#include "run/gpu_schedule.hpp"
#include "run/run_estimate.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/headline.hpp"
#include "score/wrong_results.hpp"
#include "soak/soak_runner.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/schedule_fakes.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::schedule_fakes;

TEST(GpuSchedule, ConcurrentRunsEachBenchmarkOnAllGpusAndHostLinkCopiesAloneToo) {
  const auto steps = plan_schedule({{"sm/fp32", 20, false, false}, {"pcie/h2d_pinned", 70, false, false},
                                    {"pcie/h2d_all", 80, false, true}, {"pcie/bidir_pageable", 76, true, false}},
                                   3, "quick", false, nullptr);
  ASSERT_EQ(steps.size(), 6u);
  EXPECT_EQ(steps[0].bench, "sm/fp32");
  EXPECT_EQ(steps[0].slots, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(steps[0].concurrency, "all-gpus");
  for (int i = 1; i <= 3; ++i) {
    EXPECT_EQ(steps[i].bench, "pcie/h2d_pinned");
    EXPECT_EQ(steps[i].slots, (std::vector<int>{i - 1}));
    EXPECT_EQ(steps[i].concurrency, "alone");
  }
  EXPECT_EQ(steps[4].concurrency, "all-gpus");
  EXPECT_EQ(steps[4].slots.size(), 3u);
  EXPECT_TRUE(steps[5].all_gpus_bench);  // pcie/h2d_all once; pcie/bidir_pageable is full-only
}

TEST(GpuSchedule, SequentialKeepsOneGpuAfterAnotherAndOneGpuIsAlwaysAlone) {
  const auto seq = plan_schedule({{"a/x", 1, false, false}, {"b/y", 2, false, false}}, 2, "quick", true, nullptr);
  ASSERT_EQ(seq.size(), 4u);
  EXPECT_EQ(seq[0].bench + std::to_string(seq[0].slots[0]), "a/x0");
  EXPECT_EQ(seq[1].bench + std::to_string(seq[1].slots[0]), "b/y0");
  EXPECT_EQ(seq[2].bench + std::to_string(seq[2].slots[0]), "a/x1");
  for (const auto& s : seq) EXPECT_EQ(s.concurrency, "alone");
  const auto one = plan_schedule({{"pcie/h2d_pinned", 1, false, false}}, 1, "quick", false, nullptr);
  ASSERT_EQ(one.size(), 1u);  // no separate alone pass with a single GPU
  EXPECT_EQ(one[0].concurrency, "alone");
}

TEST(GpuSchedule, StepsStartTogetherAndRecordInSlotOrder) {
  FakeBackend backend;
  const std::vector<ScheduleStep> steps{{"sm/fp32", {0, 1, 2, 3}, kAllGpus, false}, {"boom", {0, 1}, kAllGpus, false}};
  std::vector<std::string> recorded;
  ScheduleHooks hooks;
  hooks.record = [&](const ScheduleStep& st, int slot, const Measurement& m) {
    recorded.push_back(st.bench + "@" + std::to_string(slot) + ":" + m.status + ":" + m.params.value("concurrency", ""));
  };
  EXPECT_EQ(execute_schedule(steps, backend, hooks), 2);
  EXPECT_EQ(backend.max_running_.load(), 4);  // the barrier released all four at once
  EXPECT_EQ(recorded, (std::vector<std::string>{"sm/fp32@0:ok:all-gpus", "sm/fp32@1:ok:all-gpus", "sm/fp32@2:ok:all-gpus",
                                                "sm/fp32@3:ok:all-gpus", "boom@0:ok:all-gpus", "boom@1:error:all-gpus"}));
}

TEST(GpuSchedule, InterruptStopsBeforeTheNextStep) {
  FakeBackend backend;
  int checks = 0;
  ScheduleHooks hooks;
  hooks.interrupted = [&] { return ++checks > 1; };
  EXPECT_EQ(execute_schedule({{"a/x", {0}, kAlone, false}, {"b/y", {0}, kAlone, false}}, backend, hooks), 1);
}

TEST(GpuSchedule, HostLinkRowsTogetherAreLabelledAndNotJudged) {
  Measurement m;
  stamp_concurrency(m, {"pcie/d2h_pinned", {0, 1}, kAllGpus, false});
  EXPECT_EQ(m.params["concurrency"], "all-gpus");
  EXPECT_EQ(m.params["concurrent_gpus"], 2);
  EXPECT_TRUE(m.params["shares_host_link"].get<bool>());
  Measurement c;
  stamp_concurrency(c, {"gemm/bf16", {0, 1}, kAllGpus, false});
  EXPECT_FALSE(c.params.contains("shares_host_link"));
}

TEST(GpuSchedule, QuickGivesOnlyTheLinkFigureAnAlonePassFullGivesEveryCopyOne) {
  const std::vector<ScheduleBench> b{{"pcie/h2d_pinned", 70, false, false}, {"pcie/d2h_pinned", 71, false, false}};
  EXPECT_EQ(plan_schedule(b, 4, "quick", false, nullptr).size(), 4u + 1 + 1);
  EXPECT_EQ(plan_schedule(b, 4, "full", false, nullptr).size(), 2 * (4u + 1));
}
