// The soak loop (soak_runner.hpp) with a scripted workload and telemetry: a point per interval and a
// checkpoint each time, an interrupt, a failing GPU, and the telemetry summary of an interval.
// Everything of `gpuaudit soak` except the CUDA kernels and NVML runs here.
#include "soak/soak_runner.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
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
