// Burst and sustained rates of the GEMM soak window (burst_sustained.hpp), on synthetic chunk end
// times: which benchmarks soak in which mode, the two windows' rates, the params a row carries and
// the telemetry attached to a phase.
//
// measure/burst_sustained.cpp: the rates of the first and last seconds of a long run from its work
// chunks (synthetic), and which benchmarks sustain.
#include "measure/burst_sustained.hpp"
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/exit_codes.hpp"
#include "measure/output_record.hpp"
#include "run/gpu_schedule.hpp"
#include "run/run_estimate.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/headline.hpp"
#include "score/wrong_results.hpp"
#include "soak/soak_runner.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace gpuaudit {
namespace {

// Chunks of `work` each, ending every `step_s` seconds from `start_s`.
std::vector<WorkChunk> even_chunks(double start_s, int n, double step_s, double work) {
  std::vector<WorkChunk> c;
  for (int i = 1; i <= n; ++i) c.push_back({start_s + i * step_s, work});
  return c;
}

TEST(BurstSustained, OnlyGemmSoaksAndQuickOnlyTheTrainingType) {
  const SustainPlan q = sustain_plan("gemm/bf16", "quick");
  EXPECT_TRUE(q.enabled);
  EXPECT_DOUBLE_EQ(q.window_s, 10);
  EXPECT_DOUBLE_EQ(q.burst_s, 2);
  EXPECT_DOUBLE_EQ(q.sustained_s, 2);
  EXPECT_FALSE(sustain_plan("gemm/fp8", "quick").enabled);
  const SustainPlan f = sustain_plan("gemm/fp8", "full");
  EXPECT_TRUE(f.enabled);
  EXPECT_DOUBLE_EQ(f.window_s, 30);
  EXPECT_DOUBLE_EQ(f.burst_s, 3);
  EXPECT_DOUBLE_EQ(f.sustained_s, 3);
  EXPECT_FALSE(sustain_plan("hbm/copy", "full").enabled);
}

TEST(BurstSustained, ASteadyCardHasTheSameRateAtBothEnds) {
  const auto r = burst_and_sustained(100.0, even_chunks(100.0, 100, 0.1, 5.0), 2.0, 2.0);
  ASSERT_TRUE(r.has_value());
  EXPECT_NEAR(r->burst.rate, 50.0, 1e-6);
  EXPECT_NEAR(r->sustained.rate, 50.0, 1e-6);
  EXPECT_NEAR(r->burst.begin_s, 100.0, 1e-9);
  EXPECT_NEAR(r->sustained.end_s, 110.0, 1e-9);
  EXPECT_GE(r->burst.chunks, 19);
  EXPECT_GE(r->sustained.chunks, 19);
  EXPECT_LE(r->burst.end_s, r->sustained.begin_s);
}

TEST(BurstSustained, ACardThatSlowsDownHasALowerSustainedRate) {
  // 5 s at 100 units/s, then 5 s at 70 units/s (synthetic thermal decay).
  std::vector<WorkChunk> c = even_chunks(0.0, 50, 0.1, 10.0);
  for (int i = 1; i <= 50; ++i) c.push_back({5.0 + i * 0.1, 7.0});
  const auto r = burst_and_sustained(0.0, c, 2.0, 2.0);
  ASSERT_TRUE(r.has_value());
  EXPECT_NEAR(r->burst.rate, 100.0, 1e-6);
  EXPECT_NEAR(r->sustained.rate, 70.0, 1e-6);
}

TEST(BurstSustained, TooShortOrOverlappingWindowsGiveNothing) {
  EXPECT_FALSE(burst_and_sustained(0.0, {}, 2.0, 2.0));
  EXPECT_FALSE(burst_and_sustained(0.0, even_chunks(0.0, 10, 0.1, 1.0), 0.0, 2.0));
  EXPECT_FALSE(burst_and_sustained(0.0, even_chunks(0.0, 10, 0.1, 1.0), 2.0, 0.0));
  EXPECT_FALSE(burst_and_sustained(0.0, even_chunks(0.0, 30, 0.1, 1.0), 2.0, 2.0));  // 3 s: the windows overlap
  EXPECT_FALSE(burst_and_sustained(0.0, {{5.0, 1.0}}, 2.0, 2.0));  // the first chunk ended after the burst window
}

TEST(BurstSustained, ParamsScaleTheRatesAndTimeFromTheWindowStart) {
  BurstSustained r;
  r.burst = {100.0, 102.0, 800e12, 20};
  r.sustained = {108.0, 110.0, 600e12, 20};
  const json j = burst_sustained_params(r, 10.0, 1e12, "tflops");
  EXPECT_DOUBLE_EQ(j.at("soak_window_s").get<double>(), 10.0);
  EXPECT_DOUBLE_EQ(j.at("burst").at("tflops").get<double>(), 800.0);
  EXPECT_DOUBLE_EQ(j.at("burst").at("from_s").get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(j.at("burst").at("seconds").get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(j.at("sustained").at("tflops").get<double>(), 600.0);
  EXPECT_DOUBLE_EQ(j.at("sustained").at("from_s").get<double>(), 8.0);
  EXPECT_DOUBLE_EQ(j.at("sustained_ratio").get<double>(), 0.75);
  r.burst.rate = 0;
  EXPECT_FALSE(burst_sustained_params(r, 10.0, 1e12, "tflops").contains("sustained_ratio"));
}

TEST(BurstSustained, PhaseTelemetryIsAttachedOnlyToAnExistingPhase) {
  json params = {{"burst", json::object()}};
  double asked_begin = 0, asked_end = 0;
  const WindowTelemetry tel = [&](double b, double e) -> std::optional<TelemetrySummary> {
    asked_begin = b;
    asked_end = e;
    TelemetrySummary s;
    s.samples = 7;
    return s;
  };
  attach_phase_telemetry(params, "burst", 1.0, 3.0, tel);
  EXPECT_DOUBLE_EQ(asked_begin, 1.0);
  EXPECT_DOUBLE_EQ(asked_end, 3.0);
  ASSERT_TRUE(params["burst"].contains("telemetry"));
  EXPECT_EQ(params["burst"]["telemetry"]["samples"], 7);
  attach_phase_telemetry(params, "sustained", 8.0, 10.0, tel);  // no such phase: nothing added
  EXPECT_FALSE(params.contains("sustained"));
  attach_phase_telemetry(params, "burst", 1.0, 3.0, [](double, double) { return std::optional<TelemetrySummary>{}; });
  EXPECT_TRUE(params["burst"].contains("telemetry"));  // no summary: what was there stays
  attach_phase_telemetry(params, "burst", 1.0, 3.0, WindowTelemetry{});  // no reader: no call
}

}  // namespace
}  // namespace gpuaudit

namespace from_scoring_tests {

namespace fs = std::filesystem;
using namespace gpuaudit;


TEST(BurstSustained, RatesOfTheFirstAndLastSecondsFromChunks) {
  std::vector<WorkChunk> chunks;
  // 10 s of 0.1 s chunks: 100 units/s for 5 s, then 80 units/s (synthetic).
  for (int i = 1; i <= 100; ++i) chunks.push_back({100.0 + i * 0.1, i <= 50 ? 10.0 : 8.0});
  const auto r = burst_and_sustained(100.0, chunks, 2.0, 2.0);
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->burst.rate, 100.0, 1e-6);
  EXPECT_NEAR(r->sustained.rate, 80.0, 1e-6);
  const json p = burst_sustained_params(*r, 10.0, 1.0, "tflops");
  EXPECT_NEAR(p["sustained_ratio"].get<double>(), 0.8, 1e-9);
  EXPECT_NEAR(p["sustained"]["from_s"].get<double>(), 8.0, 1e-6);
  EXPECT_FALSE(burst_and_sustained(100.0, {{100.5, 1.0}}, 2.0, 2.0));  // windows overlap: no figure
  EXPECT_TRUE(sustain_plan("gemm/bf16", "quick").enabled);
  EXPECT_FALSE(sustain_plan("gemm/fp16", "quick").enabled);
  EXPECT_TRUE(sustain_plan("gemm/fp8", "full").enabled);
  EXPECT_FALSE(sustain_plan("hbm/copy", "full").enabled);
}

}  // namespace from_scoring_tests
