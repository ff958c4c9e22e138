// report/soak_series: a soak document's timeline read (sorted, gaps kept) and drawn in the HTML report.
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/soak_series.hpp"
#include "unit/support/fleet_runs.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

TEST(ReportSoak, TimelineIsReadAndDrawn) {
  auto d = machine("aws", "r", 1, 700);
  d.extra = json::object();
  d.extra["soak"] = json::parse(R"({"minutes_requested": 1, "gpus":[{"gpu":0,"points":[
      {"t_s":10,"gemm_tflops":690,"sm_clock_mhz":1980,"power_w":690,"temperature_c":70,"reasons":[]},
      {"t_s":0,"gemm_tflops":700,"sm_clock_mhz":1980,"power_w":680,"temperature_c":60},
      {"t_s":20,"gemm_tflops":600,"sm_clock_mhz":1600,"power_w":700,"temperature_c":87,"reasons":["sw-thermal"]},
      {"t_s":30,"gemm_tflops":null,"reasons":["sw-thermal"]}],
      "decay":{"verdict":"decayed","summary":"GEMM fell <14%>"}}]})");
  const auto soak = read_soak(d);
  ASSERT_TRUE(soak);
  ASSERT_EQ(soak->gpus.size(), 1u);
  ASSERT_EQ(soak->gpus[0].points.size(), 4u);
  EXPECT_DOUBLE_EQ(soak->gpus[0].points[0].t_s, 0);  // sorted by time
  EXPECT_FALSE(soak->gpus[0].points[3].gemm_tflops);
  EXPECT_FALSE(soak->gpus[0].points[0].hbm_gbs);
  const auto runs = as_runs({d});
  const std::string html = fleet_html(build_fleet_report(runs, {"provider"}), runs);
  EXPECT_NE(html.find("Soak timelines"), std::string::npos);
  EXPECT_NE(html.find("<polyline"), std::string::npos);
  EXPECT_NE(html.find("GEMM fell &lt;14%&gt;"), std::string::npos);
  EXPECT_EQ(count(html, "GPU 0 at 20 s: sw-thermal"), 4u);  // one marker (not two) on each of 4 charts
  EXPECT_EQ(html.find("Memory bandwidth over time"), std::string::npos);  // no hbm_gbs points
  EXPECT_FALSE(read_soak(machine("a", "r", 1, 1)));
  d.extra["soak"] = json::parse(R"({"gpus": "not a list"})");
  EXPECT_FALSE(read_soak(d));  // unreadable: no timeline, no error
}

