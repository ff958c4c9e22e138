// The soak loop (soak_runner.hpp) with a scripted workload and telemetry: a point per interval and a
// checkpoint each time, an interrupt, a failing GPU, and the telemetry summary of an interval.
// Everything of `gpuaudit soak` except the CUDA kernels and NVML runs here.
//
// soak/soak_runner.cpp: the soak compares every interval's output with the first, records a flipped
// word, and scoring says wrong results for that GPU. Synthetic workloads.
#include "soak/soak_runner.hpp"
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/exit_codes.hpp"
#include "measure/burst_sustained.hpp"
#include "measure/output_record.hpp"
#include "run/gpu_schedule.hpp"
#include "run/run_estimate.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/headline.hpp"
#include "score/wrong_results.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace gpuaudit {
namespace {

// A scripted card that gets slower with every call (thermal decay, synthetic).
struct FakeWorkload : SoakWorkload {
  double tflops = 700;
  int calls = 0;
  int fail_after = -1;  // throw on this gemm call (a CUDA error mid-run)
  double gemm_tflops_for(double seconds) override {
    if (calls++ == fail_after) throw std::runtime_error("an illegal memory access was encountered");
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    tflops *= 0.97;
    return tflops;
  }
  double hbm_gbs_for(double seconds) override {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    return 4200;
  }
  std::string describe() const override { return "fake workload (synthetic)"; }
};

struct FakeTelemetry : SoakTelemetry {
  std::atomic<int> reads{0};
  SoakTelemetrySample read(size_t slot) override {
    ++reads;
    SoakTelemetrySample s;
    s.sm_clock_mhz = 1980 - 10.0 * static_cast<double>(slot);
    s.mem_clock_mhz = 2619;
    s.power_w = 650;
    s.temperature_c = 70;
    s.reasons_mask = 0x1 | 0x20;  // gpu-idle (dropped) + sw-thermal
    return s;
  }
};

TEST(SoakRunner, RecordsAPointPerIntervalAndCheckpointsEachTime) {
  FakeWorkload w0, w1;
  FakeTelemetry tel;
  std::atomic<bool> stop{false};
  int checkpoints = 0;
  size_t last_points = 0;
  const SoakRecord rec = run_soak({.minutes = 0.6 / 60, .interval_s = 0.1, .telemetry_period_s = 0.01},
                                  {{0, "fake 0", &w0}, {1, "fake 1", &w1}}, &tel, stop, [&](const SoakRecord& r) {
                                    ++checkpoints;
                                    last_points = r.gpus[0].points.size();
                                  });
  ASSERT_EQ(rec.gpus.size(), 2u);
  const auto& pts = rec.gpus[0].points;
  ASSERT_GE(pts.size(), 4u);
  EXPECT_LE(pts.size(), 8u);
  EXPECT_EQ(checkpoints, static_cast<int>(pts.size()) + 1);  // each interval, plus the final one
  EXPECT_EQ(last_points, pts.size());
  EXPECT_FALSE(rec.interrupted);
  EXPECT_EQ(rec.workload, "fake workload (synthetic)");
  for (size_t i = 1; i < pts.size(); ++i) {
    EXPECT_GT(pts[i].t_s, pts[i - 1].t_s);
    EXPECT_LT(*pts[i].gemm_tflops, *pts[i - 1].gemm_tflops);
  }
  EXPECT_DOUBLE_EQ(*pts[0].hbm_gbs, 4200);
  EXPECT_DOUBLE_EQ(*pts[0].sm_clock_mhz, 1980);
  EXPECT_DOUBLE_EQ(*rec.gpus[1].points[0].sm_clock_mhz, 1970);
  EXPECT_EQ(pts[0].reasons, std::vector<std::string>{"sw-thermal"});
  ASSERT_TRUE(rec.gpus[0].decay.has_value());
  EXPECT_EQ(rec.gpus[0].decay->verdict, "decayed");  // 3% per interval adds up
  EXPECT_GT(tel.reads.load(), 8);
}

TEST(SoakRunner, InterruptKeepsWhatWasMeasured) {
  FakeWorkload w;
  std::atomic<bool> stop{false};
  const SoakRecord rec = run_soak({.minutes = 10, .interval_s = 0.05, .telemetry_period_s = 0.01}, {{0, "fake", &w}},
                                  nullptr, stop, [&](const SoakRecord& r) {
                                    if (r.gpus[0].points.size() == 3) stop = true;  // Ctrl-C after 3 points
                                  });
  EXPECT_TRUE(rec.interrupted);
  EXPECT_EQ(rec.gpus[0].points.size(), 3u);
  EXPECT_FALSE(rec.gpus[0].points[0].sm_clock_mhz.has_value());  // no telemetry given
  EXPECT_LT(rec.elapsed_s, 5.0);
}

TEST(SoakRunner, AFailingGpuEndsItsTimelineAndTheOthersGoOn) {
  FakeWorkload bad, good;
  bad.fail_after = 2;
  std::atomic<bool> stop{false};
  const SoakRecord rec = run_soak({.minutes = 0.5 / 60, .interval_s = 0.05, .telemetry_period_s = 0.01},
                                  {{0, "bad", &bad}, {1, "good", &good}}, nullptr, stop, nullptr);
  EXPECT_EQ(rec.gpus[0].points.size(), 2u);
  EXPECT_NE(rec.gpus[0].error.find("illegal memory access"), std::string::npos);
  EXPECT_GT(rec.gpus[1].points.size(), 3u);
  EXPECT_TRUE(rec.gpus[1].error.empty());
}

TEST(SoakRunner, TelemetrySummaryOfAnInterval) {
  std::vector<SoakTelemetrySample> s(3);
  s[0].sm_clock_mhz = 1980;
  s[1].sm_clock_mhz = 1700;
  s[2].sm_clock_mhz = 1750;
  s[0].temperature_c = 80;
  s[2].temperature_c = 84;
  s[1].power_w = 700;
  s[0].reasons_mask = 0x4;
  s[2].reasons_mask = 0x40 | 0x4;
  SoakPoint p;
  summarize_telemetry(s, p);
  EXPECT_DOUBLE_EQ(*p.sm_clock_mhz, 1750);  // median
  EXPECT_DOUBLE_EQ(*p.temperature_c, 84);   // max
  EXPECT_DOUBLE_EQ(*p.power_w, 700);
  EXPECT_FALSE(p.mem_clock_mhz.has_value());
  EXPECT_EQ(p.reasons, (std::vector<std::string>{"hw-thermal", "sw-power-cap"}));
}

}  // namespace
}  // namespace gpuaudit

namespace from_scoring_tests {

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

TEST(SoakOutputCheck, ComparesEveryIntervalWithTheFirst) {
  std::vector<std::uint16_t> ref;
  SoakOutputCheck c;
  check_soak_output({1, 2, 3, 4}, 10, ref, c);
  check_soak_output({1, 2, 3, 4}, 20, ref, c);
  EXPECT_EQ(c.checks, 1);
  EXPECT_EQ(c.mismatched_checks, 0);
  check_soak_output({1, 9, 3, 8}, 30, ref, c);
  EXPECT_EQ(c.mismatched_checks, 1);
  EXPECT_EQ(c.mismatches, 2u);
  EXPECT_EQ(*c.first_element, 1u);
  EXPECT_EQ(*c.first_got_bits, 9u);
  EXPECT_EQ(*c.first_t_s, 30);
  EXPECT_FALSE(c.reference_checksum.empty());
}

namespace {
// A synthetic soak workload: a fixed output, with one word flipped from interval `flip_from` on.
class FlakyWorkload final : public SoakWorkload {
 public:
  explicit FlakyWorkload(int flip_from) : flip_from_(flip_from) {}
  double gemm_tflops_for(double) override { return 700; }
  double hbm_gbs_for(double) override { return 3000; }
  bool gemm_output(std::vector<std::uint16_t>& out) override {
    out.assign(64, 0x3f80);
    if (flip_from_ >= 0 && ++calls_ > flip_from_) out[7] = 0x3f81;
    return true;
  }
  std::string describe() const override { return "synthetic"; }

 private:
  int flip_from_, calls_ = 0;
};
}  // namespace

TEST(SoakOutputCheck, TheSoakRecordsAFlippedWordAndTheScoreSaysWrongResults) {
  FlakyWorkload good(-1), bad(2);
  std::atomic<bool> stop{false};
  const SoakRecord rec = run_soak({.minutes = 0.002, .interval_s = 0.02, .telemetry_period_s = 0.005},
                                  {{0, "NVIDIA H100 80GB HBM3", &good}, {1, "NVIDIA H100 80GB HBM3", &bad}}, nullptr, stop, nullptr);
  ASSERT_GE(rec.gpus[1].points.size(), 3u);
  ASSERT_TRUE(rec.gpus[1].output_check);
  EXPECT_GE(rec.gpus[1].output_check->mismatched_checks, 1);
  EXPECT_EQ(*rec.gpus[1].output_check->first_element, 7u);
  EXPECT_EQ(rec.gpus[0].output_check->mismatched_checks, 0);
  ResultDocument doc = copies_of("h100-sxm-healthy", 2);
  doc.extra["soak"] = rec;
  const auto wrong = find_wrong_results(doc);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0].gpu, 1);
  EXPECT_EQ(wrong[0].source, "soak");
}

}  // namespace from_scoring_tests
