// watch/progress_line: --progress's status line from the record so far (synthetic points).
#include "watch/progress_line.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(ProgressLine, TheLastPointOfEachGpuTheHostAndTheMetric) {
  WatchRecord r;
  r.metric_unit = "it";
  WatchHostPoint h;
  h.t_s = 12.4, h.cpu_busy_pct = 45, h.job_cpu_cores = 3.2;
  r.host.push_back(h);
  WatchGpuTimeline g;
  g.gpu = 0;
  WatchGpuPoint p;
  p.t_s = 12.4, p.util_pct = 97, p.sm_clock_mhz = 1980, p.power_w = 650, p.temperature_c = 71, p.reasons = {"sw-power-cap"};
  g.points.push_back(p);
  r.gpus.push_back(g);
  r.gpus.push_back({.gpu = 1});
  EXPECT_EQ(progress_line(r, 9.94, 200),
            "watch 12s | GPU0 97% 1980MHz 650W 71C [sw-power-cap] | GPU1 - | CPU 45% (job 3.2 cores) | 9.9 it/s");
  EXPECT_EQ(progress_line(r, std::nullopt, 20), "watch 12s | GPU0 97");  // cut to 19 columns: no wrap
  EXPECT_EQ(progress_line(WatchRecord{.gpu_unread = "no driver"}, std::nullopt, 80), "watch 0s | GPUs not read");
}

}  // namespace
}  // namespace gpuaudit
