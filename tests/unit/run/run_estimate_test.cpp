// How long `run` expects the GPU suite to take (run_estimate.hpp): a noisy card's budget is never
// shorter than a healthy card's typical time, --full is longer than --quick, the GEMM soak window
// is counted, the figure catalogue's time class decides what a benchmark adds, a schedule adds its
// steps and the contexts once, and --quick on 8 GPUs stays about one GPU's time (the header's
// promise: <= 60 s).
//
// run/run_estimate.cpp: the --quick and full time estimates: eight GPUs at once take about one GPU's time.
#include "run/run_estimate.hpp"
#include "measure/burst_sustained.hpp"
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/figure_catalogue.hpp"
#include "core/exit_codes.hpp"
#include "measure/output_record.hpp"
#include "run/gpu_schedule.hpp"
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

namespace gpuaudit {
namespace {

// The per-GPU benchmarks of benchmarks/ by name, in a plausible order (synthetic orders; the
// all-GPU ones run once).
std::vector<ScheduleBench> gpu_suite() {
  std::vector<ScheduleBench> b;
  int order = 0;
  for (const char* n : {"sm/census", "sm/launch", "sm/launch_sync", "sm/fp32", "sm/fp64", "sm/int32", "sm/contention",
                        "l2/read", "hbm/read", "hbm/write", "hbm/copy", "hbm/triad", "gemm/bf16", "gemm/fp16", "gemm/tf32",
                        "gemm/fp8", "pcie/h2d_pinned", "pcie/d2h_pinned", "pcie/bidir_pinned", "pcie/h2d_pageable",
                        "pcie/d2h_pageable", "pcie/bidir_pageable", "pcie/h2d_pinned_remote", "mem/allocatable"})
    b.push_back({n, order += 10});
  b.push_back({"pcie/h2d_all", 80, false, true});
  b.push_back({"p2p/matrix", 90, false, true});
  return b;
}

const char* const kBenches[] = {"hbm/copy", "gemm/bf16", "gemm/fp8", "sm/fp32", "sm/contention", "pcie/h2d_pageable",
                                "pcie/h2d_pinned", "mem/allocatable"};

TEST(RunEstimate, EveryBenchmarkTakesTimeAndABudgetIsNeverShorter) {
  for (const char* mode : {"quick", "full"})
    for (const char* b : kBenches) {
      const double typical = bench_seconds(b, mode);
      EXPECT_GT(typical, 0) << b << " " << mode;
      EXPECT_GE(bench_seconds(b, mode, EstimateCase::budget), typical) << b << " " << mode;
    }
}

TEST(RunEstimate, FullTakesLongerThanQuick) {
  for (const char* b : kBenches)
    if (std::string(b) != "mem/allocatable") EXPECT_GT(bench_seconds(b, "full"), bench_seconds(b, "quick")) << b;
  EXPECT_DOUBLE_EQ(bench_seconds("mem/allocatable", "full"), bench_seconds("mem/allocatable", "quick"));
}

TEST(RunEstimate, TheGemmSoakWindowIsCounted) {
  // Under --quick only gemm/bf16 soaks; the other kinds differ by nothing else.
  EXPECT_NEAR(bench_seconds("gemm/bf16", "quick") - bench_seconds("gemm/fp8", "quick"),
              sustain_plan("gemm/bf16", "quick").window_s, 1e-9);
  EXPECT_GE(bench_seconds("gemm/fp8", "full"), sustain_plan("gemm/fp8", "full").window_s);
}

TEST(RunEstimate, TheFigureCataloguesTimeClassDecidesWhatABenchmarkAddsToItsSamples) {
  // A name the catalogue does not know takes setup and samples only, as sm/fp32 (kSampled) does.
  EXPECT_DOUBLE_EQ(bench_seconds("made/up", "quick"), bench_seconds("sm/fp32", "quick"));
  for (const auto& e : figure_catalogue()) {
    const std::string name(e.name);
    if (name.back() == '/') continue;  // a family, not a benchmark
    const double t = bench_seconds(name, "quick"), base = bench_seconds("sm/fp32", "quick");
    switch (e.spec.run_time) {
      case RunTime::kSampled: EXPECT_DOUBLE_EQ(t, base) << name; break;
      case RunTime::kShapeSearch: EXPECT_GE(t, base + 3.0) << name; break;  // the quick shape search
      case RunTime::kLargeArrays:
      case RunTime::kPageable: EXPECT_GT(t, base) << name; break;
      case RunTime::kFixedKernel:
      case RunTime::kFillCard: EXPECT_EQ(bench_seconds(name, "quick", EstimateCase::budget), t) << name; break;  // not sampled
    }
  }
}

TEST(RunEstimate, AScheduleIsItsStepsPlusTheContextsOnce) {
  EXPECT_DOUBLE_EQ(schedule_seconds({}, "quick"), 0);
  const std::vector<ScheduleStep> steps{{"hbm/copy", {0, 1}, kAllGpus, false}, {"sm/fp32", {0, 1}, kAllGpus, false}};
  EXPECT_NEAR(schedule_seconds(steps, "quick"), 1.0 + bench_seconds("hbm/copy", "quick") + bench_seconds("sm/fp32", "quick"),
              1e-9);
  EXPECT_GT(schedule_seconds(steps, "quick", EstimateCase::budget), schedule_seconds(steps, "quick"));
}

TEST(RunEstimate, QuickOnEightGpusIsAboutOneGpusTime) {
  const double one = schedule_seconds(plan_schedule(gpu_suite(), 1, "quick", false, nullptr), "quick");
  const double eight = schedule_seconds(plan_schedule(gpu_suite(), 8, "quick", false, nullptr), "quick");
  EXPECT_LE(eight, 60.0);
  // Only pcie/h2d_pinned's alone pass is added: one run on each of the 8 GPUs before the shared one.
  EXPECT_NEAR(eight - one, 8 * bench_seconds("pcie/h2d_pinned", "quick"), 1e-9);
  const double sequential = schedule_seconds(plan_schedule(gpu_suite(), 8, "quick", true, nullptr), "quick");
  EXPECT_GT(sequential, 4 * eight);  // one GPU after another is what the concurrent default avoids
}

}  // namespace
}  // namespace gpuaudit

namespace from_scoring_tests {

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::schedule_fakes;

TEST(RunEstimate, QuickOnEightGpusTakesAboutOneGpusTime) {
  const auto one = plan_schedule(registered(), 1, "quick", false, nullptr);
  const auto eight = plan_schedule(registered(), 8, "quick", false, nullptr);
  const auto eight_seq = plan_schedule(registered(), 8, "quick", true, nullptr);
  const double t1 = schedule_seconds(one, "quick"), t8 = schedule_seconds(eight, "quick"),
               t8s = schedule_seconds(eight_seq, "quick");
  const double b1 = schedule_seconds(one, "quick", EstimateCase::budget), b8 = schedule_seconds(eight, "quick", EstimateCase::budget);
  std::printf("quick estimate (typical / every budget spent): 1 GPU %.0f / %.0f s, 8 GPUs at once %.0f / %.0f s, "
              "8 GPUs one after another %.0f s\n", t1, b1, t8, b8, t8s);
  EXPECT_LE(t8, 60.0);
  EXPECT_LE(t8, 1.2 * t1);  // only the alone pass of pcie/h2d_pinned grows with the GPU count
  EXPECT_GE(t8s, 7 * t1);
  const double f1 = schedule_seconds(plan_schedule(registered(), 1, "full", false, nullptr), "full");
  const double f8 = schedule_seconds(plan_schedule(registered(), 8, "full", false, nullptr), "full");
  std::printf("full estimate (typical): 1 GPU %.0f s, 8 GPUs at once %.0f s\n", f1, f8);
  EXPECT_LE(f8, 1.5 * f1);
}

}  // namespace from_scoring_tests
