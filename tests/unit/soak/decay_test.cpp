// The soak decay detector on synthetic timelines (built here from formulas, not from a card).
#include "soak/decay.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

namespace gpuaudit {
namespace {

struct Synthetic {
  double gemm, hbm, clock, power, temp;
  std::vector<std::string> reasons;
};

// A synthetic timeline: one point every `step` seconds up to `total`, values from `at(t)`.
std::vector<SoakPoint> synthetic_timeline(double total, double step, const std::function<Synthetic(double)>& at) {
  std::vector<SoakPoint> v;
  for (double t = step; t <= total + 1e-9; t += step) {
    const Synthetic s = at(t);
    SoakPoint p;
    p.t_s = t;
    p.gemm_tflops = s.gemm;
    p.hbm_gbs = s.hbm;
    p.sm_clock_mhz = s.clock;
    p.mem_clock_mhz = 2619;
    p.power_w = s.power;
    p.temperature_c = s.temp;
    p.reasons = s.reasons;
    v.push_back(p);
  }
  return v;
}

TEST(SoakDecaySynthetic, SteadyCardIsStable) {
  const auto pts = synthetic_timeline(600, 10, [](double t) {
    const double wiggle = 0.01 * std::sin(t);  // +-1% noise
    return Synthetic{700 * (1 + wiggle), 4200 * (1 - wiggle), 1980, 690, 60 + t / 60, {}};
  });
  const SoakDecay d = detect_decay(pts);
  EXPECT_EQ(d.verdict, "stable") << d.summary;
  EXPECT_NEAR(*d.gemm_ratio, 1.0, 0.02);
  EXPECT_NEAR(*d.hbm_ratio, 1.0, 0.02);
  EXPECT_FALSE(d.clock_drop_t_s.has_value());
  EXPECT_FALSE(d.throughput_drop_t_s.has_value());
  EXPECT_FALSE(d.cause.has_value());
  EXPECT_DOUBLE_EQ(d.first_window_s, 60);
  EXPECT_NE(d.summary.find("steady"), std::string::npos);
}

TEST(SoakDecaySynthetic, ThermalThrottleAfterFiveMinutes) {
  // Full speed for 300 s, then the card reaches its thermal limit: clocks -15%, GEMM -14%.
  const auto pts = synthetic_timeline(1200, 10, [](double t) {
    const bool hot = t > 300;
    return Synthetic{hot ? 602.0 : 700.0, hot ? 4150.0 : 4200.0, hot ? 1683.0 : 1980.0, hot ? 640.0 : 700.0,
                     hot ? 88.0 : 60 + t / 20, hot ? std::vector<std::string>{"sw-thermal"} : std::vector<std::string>{}};
  });
  const SoakDecay d = detect_decay(pts);
  EXPECT_EQ(d.verdict, "decayed");
  EXPECT_NEAR(*d.gemm_first_tflops, 700, 1e-9);
  EXPECT_NEAR(*d.gemm_steady_tflops, 602, 1e-9);
  EXPECT_NEAR(*d.gemm_ratio, 0.86, 1e-9);
  EXPECT_NEAR(*d.hbm_ratio, 4150.0 / 4200, 1e-9);  // memory barely moved
  ASSERT_TRUE(d.clock_drop_t_s.has_value());
  EXPECT_DOUBLE_EQ(*d.clock_drop_t_s, 310);
  ASSERT_TRUE(d.throughput_drop_t_s.has_value());
  EXPECT_DOUBLE_EQ(*d.throughput_drop_t_s, 310);
  EXPECT_EQ(d.reasons, std::vector<std::string>{"sw-thermal"});
  EXPECT_EQ(d.cause, "thermal");
  EXPECT_DOUBLE_EQ(*d.temperature_max_c, 88);
  EXPECT_NE(d.summary.find("GEMM fell 14%"), std::string::npos) << d.summary;
  EXPECT_NE(d.summary.find("t=310 s"), std::string::npos) << d.summary;
  EXPECT_NE(d.summary.find("sw-thermal"), std::string::npos) << d.summary;
}

TEST(SoakDecaySynthetic, GradualPowerCapDecayFindsWhenItStayedDown) {
  // Linear slide from t=120 s to t=480 s down to 80%, with the power cap reason throughout.
  const auto pts = synthetic_timeline(900, 15, [](double t) {
    const double f = t < 120 ? 1.0 : t > 480 ? 0.8 : 1.0 - 0.2 * (t - 120) / 360;
    return Synthetic{700 * f, 4200 * f, 1980 * f, 700, 70,
                     t < 120 ? std::vector<std::string>{} : std::vector<std::string>{"sw-power-cap"}};
  });
  const SoakDecay d = detect_decay(pts);
  EXPECT_EQ(d.verdict, "decayed");
  EXPECT_NEAR(*d.gemm_ratio, 0.8, 1e-9);
  EXPECT_EQ(d.cause, "power");
  ASSERT_TRUE(d.clock_drop_t_s.has_value());
  // 5% below the first minute is reached at t = 120 + 0.05/0.2*360 = 210 s: the first point below.
  EXPECT_GE(*d.clock_drop_t_s, 210);
  EXPECT_LE(*d.clock_drop_t_s, 225);
}

TEST(SoakDecaySynthetic, OneSlowIntervalIsNotDecay) {
  const auto pts = synthetic_timeline(600, 10, [](double t) {
    const bool blip = std::fabs(t - 400) < 1;  // one interval preempted by something else
    return Synthetic{blip ? 300.0 : 700.0, 4200, blip ? 1200.0 : 1980.0, 700, 65, {}};
  });
  const SoakDecay d = detect_decay(pts);
  EXPECT_EQ(d.verdict, "stable") << d.summary;
  EXPECT_FALSE(d.clock_drop_t_s.has_value());
  EXPECT_FALSE(d.throughput_drop_t_s.has_value());
}

TEST(SoakDecaySynthetic, DecayWithoutAReasonIsUnexplained) {
  const auto pts = synthetic_timeline(600, 10, [](double t) {
    return Synthetic{t > 200 ? 500.0 : 700.0, 4200, 1980, 700, 65, {}};
  });
  const SoakDecay d = detect_decay(pts);
  EXPECT_EQ(d.verdict, "decayed");
  EXPECT_EQ(d.cause, "unexplained");
  EXPECT_FALSE(d.clock_drop_t_s.has_value());  // clocks held: something else (a co-tenant?) took the GPU
  EXPECT_TRUE(d.throughput_drop_t_s.has_value());
}

TEST(SoakDecaySynthetic, ShortRunIsTooShortUnlessItDecays) {
  const auto flat = synthetic_timeline(60, 5, [](double) { return Synthetic{700, 4200, 1980, 700, 60, {}}; });
  const SoakDecay d = detect_decay(flat);
  EXPECT_EQ(d.verdict, "too-short");
  EXPECT_DOUBLE_EQ(d.first_window_s, 20);  // a third of the run, not a whole minute
  const auto falling = synthetic_timeline(60, 5, [](double t) {
    return Synthetic{t > 25 ? 500.0 : 700.0, 4200, t > 25 ? 1500.0 : 1980.0, 700, 90, {"hw-thermal"}};
  });
  EXPECT_EQ(detect_decay(falling).verdict, "decayed");
}

TEST(SoakDecaySynthetic, TooFewPointsAndMissingFigures) {
  EXPECT_EQ(detect_decay({}).verdict, "too-short");
  auto two = synthetic_timeline(20, 10, [](double) { return Synthetic{700, 4200, 1980, 700, 60, {}}; });
  EXPECT_EQ(detect_decay(two).verdict, "too-short");
  // Telemetry missing (no NVML field): throughput alone still decides.
  auto pts = synthetic_timeline(600, 10, [](double t) { return Synthetic{t > 300 ? 600.0 : 700.0, 4200, 0, 0, 0, {}}; });
  for (auto& p : pts) p.sm_clock_mhz = p.power_w = p.temperature_c = std::nullopt;
  const SoakDecay d = detect_decay(pts);
  EXPECT_EQ(d.verdict, "decayed");
  EXPECT_FALSE(d.sm_clock_first_mhz.has_value());
  EXPECT_FALSE(d.clock_drop_t_s.has_value());
}

TEST(SoakDecaySynthetic, RoundTripsThroughJson) {
  const auto pts = synthetic_timeline(300, 10, [](double) { return Synthetic{700, 4200, 1980, 700, 60, {"sw-power-cap"}}; });
  GpuTimeline tl{0, "synthetic GPU", "", pts, detect_decay(pts), std::nullopt, json()};
  const json j = tl;
  EXPECT_EQ(j["points"].size(), pts.size());
  EXPECT_EQ(j["points"][0]["reasons"][0], "sw-power-cap");
  EXPECT_EQ(j["decay"]["verdict"], "stable");
  const GpuTimeline back = j.get<GpuTimeline>();
  EXPECT_EQ(back.points.size(), pts.size());
  EXPECT_EQ(back.decay->verdict, "stable");
}

}  // namespace
}  // namespace gpuaudit
