// score/rule_sustained.cpp: a drop from the burst to the sustained rate is sustained-drop with its
// cause (thermal, power, unexplained); a small drop is fine. Synthetic documents.
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
#include "soak/soak_runner.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

namespace {
json phase(double tflops, double sm_mhz, double temp_c, std::vector<std::string> reasons) {
  TelemetrySummary t;
  t.samples = 8;
  t.sm_clock_mhz = Range{sm_mhz, sm_mhz, sm_mhz};
  t.temperature_c = Range{temp_c - 2, temp_c - 1, temp_c};
  t.power_w = Range{600, 650, 690};
  t.clock_event_reasons = std::move(reasons);
  return {{"tflops", tflops}, {"from_s", 0}, {"seconds", 2}, {"telemetry", t}};
}

void set_burst(ResultDocument& doc, int gpu, json burst, json sustained) {
  for (auto& b : doc.benchmarks)
    if (b.name == "gemm/bf16" && b.gpu == gpu) {
      b.params["soak_window_s"] = 10;
      b.params["burst"] = std::move(burst);
      b.params["sustained"] = std::move(sustained);
    }
}
}  // namespace

TEST(SustainedRule, ThermalDropIsAFindingWithItsCause) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 1);
  set_burst(doc, 0, phase(700, 1980, 60, {}), phase(560, 1500, 88, {"sw-thermal"}));
  const Assessment a = score(doc);
  const Finding* f = finding(a, "sustained-drop", 0);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_EQ(f->extra["cause"], "thermal");
  EXPECT_NEAR(f->figures.at("sustained_ratio"), 0.8, 1e-9);
  EXPECT_NE(f->summary.find("too hot"), std::string::npos);
}

TEST(SustainedRule, PowerAndUnexplainedCausesAndASmallDropIsFine) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 3);
  set_burst(doc, 0, phase(700, 1980, 60, {}), phase(600, 1700, 70, {"sw-power-cap"}));
  set_burst(doc, 1, phase(700, 1980, 60, {}), phase(600, 1975, 62, {}));
  set_burst(doc, 2, phase(700, 1980, 60, {}), phase(665, 1900, 65, {"sw-power-cap"}));  // 95%: within 10%
  const Assessment a = score(doc);
  ASSERT_TRUE(finding(a, "sustained-drop", 0));
  EXPECT_EQ(finding(a, "sustained-drop", 0)->extra["cause"], "power");
  ASSERT_TRUE(finding(a, "sustained-drop", 1));
  EXPECT_EQ(finding(a, "sustained-drop", 1)->extra["cause"], "unexplained");
  EXPECT_EQ(finding(a, "sustained-drop", 1)->confidence, "medium");
  EXPECT_FALSE(finding(a, "sustained-drop", 2));
}
