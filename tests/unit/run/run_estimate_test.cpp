// run/run_estimate.cpp: the --quick and full time estimates: eight GPUs at once take about one GPU's time.
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
