// The soak loop with scripted workloads and telemetry, and the NVML telemetry reader with a fake
// NVML table: everything of `gpuaudit soak` except the CUDA kernels runs here.
#include "soak/soak_runner.hpp"
#include "soak/soak_telemetry.hpp"

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

// ---- NVML telemetry through a fake NVML table --------------------------------------------------

nvmlDevice_t fake_handle(unsigned i) { return reinterpret_cast<nvmlDevice_t>(static_cast<std::uintptr_t>(0x100 + i)); }
unsigned fake_index(nvmlDevice_t d) { return static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(d) - 0x100); }

nvmlReturn_t fake_count(unsigned* n) {
  *n = 2;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_by_index(unsigned i, nvmlDevice_t* d) {
  *d = fake_handle(i);
  return NVML_SUCCESS;
}
nvmlReturn_t fake_uuid(nvmlDevice_t d, char* buf, unsigned len) {
  std::snprintf(buf, len, "GPU-0000000%u", fake_index(d));
  return NVML_SUCCESS;
}
nvmlReturn_t fake_clock(nvmlDevice_t d, nvmlClockType_t t, unsigned* v) {
  *v = t == NVML_CLOCK_SM ? 1900 + fake_index(d) : 2619;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_power(nvmlDevice_t, unsigned* mw) {
  *mw = 612345;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_temp(nvmlDevice_t, nvmlTemperatureSensors_t, unsigned* c) {
  *c = 71;
  return NVML_SUCCESS;
}
nvmlReturn_t fake_reasons_missing(nvmlDevice_t, unsigned long long*) { return NVML_ERROR_NOT_SUPPORTED; }
nvmlReturn_t fake_reasons_old(nvmlDevice_t, unsigned long long* m) {
  *m = 0x4;
  return NVML_SUCCESS;
}

TEST(SoakTelemetryNvml, ReadsTheRightDeviceByUuidAndFallsBackToTheOldReasonCall) {
  NvmlApi api;
  api.nvmlDeviceGetCount = fake_count;
  api.nvmlDeviceGetHandleByIndex = fake_by_index;
  api.nvmlDeviceGetUUID = fake_uuid;
  api.nvmlDeviceGetClockInfo = fake_clock;
  api.nvmlDeviceGetPowerUsage = fake_power;
  api.nvmlDeviceGetTemperature = fake_temp;
  api.nvmlDeviceGetCurrentClocksEventReasons = fake_reasons_missing;    // older driver: not there
  api.nvmlDeviceGetCurrentClocksThrottleReasons = fake_reasons_old;
  GpuInfo a, b, mig, lost;
  a.uuid = "GPU-00000001";
  b.uuid = "GPU-00000000";
  mig.uuid = "MIG-abcdef";
  mig.mig.is_mig_device = true;
  mig.mig.parent_uuid = "GPU-00000001";  // a slice reads its parent's clocks
  lost.uuid = "GPU-99999999";
  NvmlSoakTelemetry tel(api, {a, b, mig, lost});
  const SoakTelemetrySample s0 = tel.read(0);
  EXPECT_DOUBLE_EQ(*s0.sm_clock_mhz, 1901);
  EXPECT_DOUBLE_EQ(*s0.mem_clock_mhz, 2619);
  EXPECT_NEAR(*s0.power_w, 612.345, 1e-9);
  EXPECT_DOUBLE_EQ(*s0.temperature_c, 71);
  EXPECT_EQ(*s0.reasons_mask, 0x4u);
  EXPECT_DOUBLE_EQ(*tel.read(1).sm_clock_mhz, 1900);
  EXPECT_DOUBLE_EQ(*tel.read(2).sm_clock_mhz, 1901);
  EXPECT_FALSE(tel.read(3).sm_clock_mhz.has_value());  // not found: empty sample, no crash
  EXPECT_FALSE(tel.read(9).sm_clock_mhz.has_value());
}

}  // namespace
}  // namespace gpuaudit
