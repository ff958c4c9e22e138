// The telemetry summary of a benchmark's window (summarize.hpp): ranges, reasons and link of scripted
// samples (synthetic), missing fields stay null, and which samples a window holds.
#include "telemetry/summarize.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace gpuaudit;

namespace {

TelemetrySample sample(double t, double sm, double power, std::uint64_t reasons, int gen = 5) {
  TelemetrySample s;
  s.t_s = t;
  s.sm_clock_mhz = sm;
  s.mem_clock_mhz = 2619;
  s.power_w = power;
  s.temperature_c = 40 + t;
  s.gpu_util_pct = 100;
  s.clock_reasons = reasons;
  s.pcie_gen = gen;
  s.pcie_width = 16;
  return s;
}

}  // namespace

TEST(TelemetrySummary, RangesReasonsAndLinkOfScriptedSamples) {
  const std::vector<TelemetrySample> s{sample(0, 1980, 300, 0x1, 1), sample(1, 1755, 700, 0x4),
                                       sample(2, 1830, 690, 0x4 | 0x20)};
  const TelemetrySummary t = summarize_telemetry(s);
  EXPECT_EQ(t.samples, 3);
  ASSERT_TRUE(t.sm_clock_mhz);
  EXPECT_DOUBLE_EQ(t.sm_clock_mhz->min, 1755);
  EXPECT_DOUBLE_EQ(t.sm_clock_mhz->median, 1830);
  EXPECT_DOUBLE_EQ(t.sm_clock_mhz->max, 1980);
  EXPECT_DOUBLE_EQ(t.power_w->max, 700);
  EXPECT_DOUBLE_EQ(t.temperature_c->median, 41);
  // gpu-idle (0x1) is left out; sw-power-cap (0x4) and sw-thermal (0x20) are kept, in bit order.
  EXPECT_EQ(t.clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "sw-thermal"}));
  EXPECT_EQ(t.pcie_gen_max_seen, 5);  // the idle Gen1 reading does not count against the link
  EXPECT_EQ(t.pcie_width_max_seen, 16);
}

TEST(TelemetrySummary, MissingFieldsStayNull) {
  TelemetrySample bare;
  bare.t_s = 1;
  const auto t = summarize_telemetry(std::vector<TelemetrySample>{bare});
  EXPECT_EQ(t.samples, 1);
  EXPECT_FALSE(t.sm_clock_mhz);
  EXPECT_FALSE(t.power_w);
  EXPECT_FALSE(t.pcie_gen_max_seen);
  EXPECT_TRUE(t.clock_event_reasons.empty());
  const json j = t;
  EXPECT_TRUE(j["sm_clock_mhz"].is_null());
}

TEST(TelemetryWindow, SamplesInsideTheWindowOrTheLastOneBefore) {
  const std::vector<TelemetrySample> s{sample(1.0, 1000, 1, 0), sample(1.02, 1100, 1, 0), sample(1.04, 1200, 1, 0)};
  EXPECT_EQ(samples_in_window(s, 1.01, 1.05).size(), 2u);
  const auto short_window = samples_in_window(s, 1.021, 1.03);
  ASSERT_EQ(short_window.size(), 1u);
  EXPECT_DOUBLE_EQ(*short_window[0].sm_clock_mhz, 1100);
  EXPECT_TRUE(samples_in_window(s, 0.1, 0.5).empty());
}

TEST(TelemetryRange, MinMedianMaxOfValuesAndNoneForEmpty) {
  EXPECT_FALSE(min_median_max({}));
  const auto r = min_median_max({1410, 1980, 1755, 1200});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->min, 1200);
  EXPECT_EQ(r->median, 0.5 * (1410 + 1755));
  EXPECT_EQ(r->max, 1980);
}
