// report/watch_series: a `gpuaudit watch` document's timelines drawn in the HTML report on one time
// axis (synthetic record: no real job made it), charts without points left out, reason markers once
// per change, the job and its diagnoses escaped.
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/watch_series.hpp"
#include "unit/support/fleet_runs.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

namespace {

WatchRecord watched_job() {
  WatchRecord w;
  w.command = {"python", "train.py", "--tag=<b>"};
  w.elapsed_s = 2, w.exit_code = 0, w.metric_unit = "it";
  for (int i = 1; i <= 4; ++i) {
    WatchHostPoint h;
    h.t_s = 0.5 * i, h.cpu_busy_pct = 40, h.busiest_core_pct = 99, h.job_cpu_cores = 1.0, h.net_rx_mbps = 12;
    w.host.push_back(h);
  }
  WatchGpuTimeline g;
  g.gpu = 0;
  for (int i = 1; i <= 4; ++i) {
    WatchGpuPoint p;
    p.t_s = 0.5 * i, p.util_pct = i % 2 ? 10 : 90, p.sm_clock_mhz = 1980, p.power_w = 300;
    if (i >= 3) p.reasons = {"sw-power-cap"};
    g.points.push_back(p);
  }
  w.gpus.push_back(g);
  w.metric = {{1.0, 9.5}, {2.0, 9.9}};
  w.diagnoses.push_back({.id = "starved", .gpu = 0, .cause = "one-core", .summary = "GPU 0 waited <50%>"});
  return w;
}

}  // namespace

TEST(ReportWatch, ChartsWithPointsOnlyEachWithTheMarkers) {
  const auto charts = watch_charts(watched_job(), 7);
  std::vector<std::string> titles;
  for (const auto& c : charts) titles.push_back(c.title);
  // No temperature, disk or steal/iowait was read: those charts (or series) are not drawn.
  EXPECT_EQ(titles, (std::vector<std::string>{"GPU utilisation (%)", "SM clock (MHz)", "GPU power (W)", "Host CPU (%)",
                                              "The job's CPU (cores)", "Disk and network (MB/s)",
                                              "The job's --metric (it/s)"}));
  EXPECT_EQ(charts.front().id, "watch-7");
  EXPECT_EQ(charts.back().id, "watch-13");
  ASSERT_EQ(charts[3].series.size(), 2u);  // CPUs busy and the busiest core
  ASSERT_EQ(charts[0].markers.size(), 1u);  // sw-power-cap began at 1.5 s, once
  EXPECT_EQ(charts[0].markers[0].text, "GPU 0 at 1.5 s: sw-power-cap");
  EXPECT_TRUE(watch_charts(WatchRecord{}, 0).empty());
}

TEST(ReportWatch, TheHtmlReportDrawsTheWatchedJob) {
  auto d = machine("aws", "r", 1, 700);
  d.extra = json::object();
  d.extra["watch"] = watched_job();
  const auto runs = as_runs({d});
  const std::string html = fleet_html(build_fleet_report(runs, {"provider"}), runs);
  EXPECT_NE(html.find("Watched jobs"), std::string::npos);
  EXPECT_NE(html.find("python train.py --tag=&lt;b&gt;"), std::string::npos);
  EXPECT_NE(html.find("GPU 0 waited &lt;50%&gt;"), std::string::npos);
  EXPECT_GE(count(html, "<polyline"), 7u);  // every drawn chart has a line
  EXPECT_NE(html.find("--metric (it/s)"), std::string::npos);
  EXPECT_EQ(count(html, "GPU 0 at 1.5 s: sw-power-cap"), 7u);  // one marker on each of the 7 charts
  d.extra["watch"] = json::parse(R"({"host": "not a list"})");
  const auto broken = as_runs({d});
  EXPECT_EQ(fleet_html(build_fleet_report(broken, {"provider"}), broken).find("Watched jobs"), std::string::npos);
}
