// The order `run` measures the per-GPU benchmarks in and running a step on several GPUs at once
// (gpu_schedule.hpp), with a fake StepBackend: concurrent and sequential plans, the alone pass of
// host-link copies, the start barrier, errors, interrupts and the concurrency stamps.
//
// run/gpu_schedule.cpp: the concurrent schedule, with a fake device backend: every benchmark on all
// GPUs at once, host-link copies alone too, steps in slot order, interrupt between steps.
#include "run/gpu_schedule.hpp"
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/exit_codes.hpp"
#include "measure/burst_sustained.hpp"
#include "measure/output_record.hpp"
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
#include <stdexcept>
#include <thread>

namespace gpuaudit {
namespace {

// A synthetic list: a full-only benchmark, two host-link copies and an all-GPU one, listed out of order.
std::vector<ScheduleBench> benches() {
  return {{"pcie/h2d_pinned", 30}, {"hbm/copy", 10}, {"gemm/fp8", 20, true}, {"pcie/d2h_pinned", 30},
          {"nvlink/all", 40, false, true}};
}

std::vector<std::string> labels(const std::vector<ScheduleStep>& steps) {
  std::vector<std::string> out;
  for (const auto& s : steps) {
    std::string l = s.bench + "@";
    for (int slot : s.slots) l += std::to_string(slot);
    out.push_back(l + ":" + s.concurrency);
  }
  return out;
}

TEST(GpuSchedule, HostLinkCopiesAndTheirAlonePass) {
  EXPECT_TRUE(shares_host_link("pcie/h2d_pinned"));
  EXPECT_FALSE(shares_host_link("hbm/copy"));
  EXPECT_TRUE(needs_alone_pass("pcie/h2d_pinned", "quick"));
  EXPECT_FALSE(needs_alone_pass("pcie/d2h_pinned", "quick"));
  EXPECT_TRUE(needs_alone_pass("pcie/d2h_pinned", "full"));
  EXPECT_FALSE(needs_alone_pass("hbm/copy", "full"));
}

TEST(GpuSchedule, ConcurrentQuickRunsEachBenchmarkOnAllGpusInOrder) {
  const auto steps = plan_schedule(benches(), 2, "quick", false, nullptr);
  EXPECT_EQ(labels(steps), (std::vector<std::string>{"hbm/copy@01:all-gpus", "pcie/d2h_pinned@01:all-gpus",
                                                     "pcie/h2d_pinned@0:alone", "pcie/h2d_pinned@1:alone",
                                                     "pcie/h2d_pinned@01:all-gpus", "nvlink/all@0:all-gpus"}));
  EXPECT_TRUE(steps.back().all_gpus_bench);
  EXPECT_FALSE(steps.front().all_gpus_bench);
}

TEST(GpuSchedule, FullModeAddsFullOnlyBenchmarksAndEveryAlonePass) {
  const auto steps = plan_schedule(benches(), 2, "full", false, nullptr);
  EXPECT_EQ(labels(steps), (std::vector<std::string>{"hbm/copy@01:all-gpus", "gemm/fp8@01:all-gpus",
                                                     "pcie/d2h_pinned@0:alone", "pcie/d2h_pinned@1:alone",
                                                     "pcie/d2h_pinned@01:all-gpus", "pcie/h2d_pinned@0:alone",
                                                     "pcie/h2d_pinned@1:alone", "pcie/h2d_pinned@01:all-gpus",
                                                     "nvlink/all@0:all-gpus"}));
}

TEST(GpuSchedule, SequentialIsEveryBenchmarkPerGpuThenTheAllGpuOnes) {
  const auto steps = plan_schedule(benches(), 2, "quick", true, [](const std::string& n) { return n != "pcie/d2h_pinned"; });
  EXPECT_EQ(labels(steps), (std::vector<std::string>{"hbm/copy@0:alone", "pcie/h2d_pinned@0:alone", "hbm/copy@1:alone",
                                                     "pcie/h2d_pinned@1:alone", "nvlink/all@0:all-gpus"}));
}

TEST(GpuSchedule, OneGpuIsAlwaysAloneAndNoGpuHasNoStep) {
  for (const auto& s : plan_schedule(benches(), 1, "full", false, nullptr)) EXPECT_EQ(s.concurrency, kAlone) << s.bench;
  EXPECT_EQ(plan_schedule(benches(), 1, "quick", false, nullptr).size(), 4u);  // no alone pass to add
  EXPECT_TRUE(plan_schedule(benches(), 0, "quick", false, nullptr).empty());
}

TEST(GpuSchedule, RunTogetherStartsEverySlotAndKeepsTheirOrder) {
  std::atomic<int> arrived{0};
  const auto r = run_together({3, 1, 2}, [&](int slot) {
    ++arrived;
    Measurement m;
    m.samples = {static_cast<double>(slot)};
    return m;
  });
  EXPECT_EQ(arrived.load(), 3);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].samples, std::vector<double>{3});
  EXPECT_EQ(r[1].samples, std::vector<double>{1});
  EXPECT_EQ(r[2].samples, std::vector<double>{2});
}

TEST(GpuSchedule, AnExceptionIsAnErrorOfItsSlotOnly) {
  const auto r = run_together({0, 1}, [](int slot) -> Measurement {
    if (slot == 1) throw std::runtime_error("an illegal memory access was encountered");
    Measurement m;
    m.samples = {1};
    return m;
  });
  EXPECT_EQ(r[0].status, "ok");
  EXPECT_EQ(r[1].status, "error");
  EXPECT_EQ(r[1].message, "an illegal memory access was encountered");
  EXPECT_EQ(run_together({0}, [](int) -> Measurement { throw 42; })[0].message, "unknown exception");
}

struct FakeBackend : StepBackend {
  std::mutex m;
  std::vector<std::string> ran;
  Measurement run(const ScheduleStep& step, int slot) override {
    std::lock_guard lock(m);
    ran.push_back(step.bench + "@" + std::to_string(slot));
    Measurement r;
    r.samples = {1.0};
    return r;
  }
};

TEST(GpuSchedule, ExecuteRecordsInStepAndSlotOrderWithTheirStamps) {
  FakeBackend backend;
  std::vector<std::string> started, recorded;
  std::vector<json> params;
  ScheduleHooks hooks;
  hooks.on_start = [&](const ScheduleStep& s) { started.push_back(s.bench); };
  hooks.record = [&](const ScheduleStep& s, int slot, const Measurement& m) {
    recorded.push_back(s.bench + "@" + std::to_string(slot));
    params.push_back(m.params);
  };
  const auto steps = plan_schedule(benches(), 2, "quick", false, nullptr);
  EXPECT_EQ(execute_schedule(steps, backend, hooks), static_cast<int>(steps.size()));
  EXPECT_EQ(started.size(), steps.size());
  EXPECT_EQ(recorded, (std::vector<std::string>{"hbm/copy@0", "hbm/copy@1", "pcie/d2h_pinned@0", "pcie/d2h_pinned@1",
                                               "pcie/h2d_pinned@0", "pcie/h2d_pinned@1", "pcie/h2d_pinned@0",
                                               "pcie/h2d_pinned@1", "nvlink/all@0"}));
  EXPECT_EQ(backend.ran.size(), recorded.size());
  EXPECT_EQ(params[0]["concurrency"], "all-gpus");
  EXPECT_EQ(params[0]["concurrent_gpus"], 2);
  EXPECT_FALSE(params[0].contains("shares_host_link"));
  EXPECT_EQ(params[2]["shares_host_link"], true);  // d2h measured together only
  EXPECT_EQ(params[4]["concurrency"], "alone");    // h2d's alone pass
  EXPECT_FALSE(params[4].contains("concurrent_gpus"));
  EXPECT_EQ(params[6]["shares_host_link"], true);
  EXPECT_EQ(params[8]["concurrency"], "all-gpus");  // an all-GPU benchmark: one row, no count
  EXPECT_FALSE(params[8].contains("concurrent_gpus"));
}

TEST(GpuSchedule, AnInterruptStopsBeforeTheNextStep) {
  FakeBackend backend;
  int checks = 0;
  ScheduleHooks hooks;
  hooks.interrupted = [&] { return ++checks > 2; };
  EXPECT_EQ(execute_schedule(plan_schedule(benches(), 2, "quick", false, nullptr), backend, hooks), 2);
  EXPECT_EQ(backend.ran.size(), 4u);
}

TEST(GpuSchedule, StampTurnsNonObjectParamsIntoAnObject) {
  Measurement m;
  m.params = json::array();
  stamp_concurrency(m, ScheduleStep{"hbm/copy", {0}, kAlone, false});
  EXPECT_TRUE(m.params.is_object());
  EXPECT_EQ(m.params["concurrency"], "alone");
}

}  // namespace
}  // namespace gpuaudit

namespace from_scoring_tests {

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
  gpuaudit::schedule_fakes::FakeBackend backend;
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
  gpuaudit::schedule_fakes::FakeBackend backend;
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

}  // namespace from_scoring_tests
