// watch/under_load_rows: each watched GPU's timeline becomes the `telemetry/under-load` row an
// imported telemetry log becomes (its samples under load summarised, the GPU's power limit beside
// each), without a second copy of the timeline the watch section keeps; a GPU with no point gives
// no row. SYNTHETIC points.
#include "watch/under_load_rows.hpp"

#include "import/import.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

WatchGpuPoint point(double t, double util, double power_w) {
  WatchGpuPoint p;
  p.t_s = t, p.samples = 5, p.util_pct = util, p.sm_clock_mhz = 1755, p.power_w = power_w, p.temperature_c = 71;
  if (power_w >= 299) p.reasons = {"sw-power-cap"};
  return p;
}

TEST(UnderLoadRows, OneRowPerWatchedGpuWithPointsJudgedAsALog) {
  WatchRecord r;
  r.gpus.push_back({.gpu = 0, .name = "NVIDIA A100-SXM4-40GB", .power_limit_w = 300, .sm_max_mhz = 1410});
  r.gpus.push_back({.gpu = 1, .name = "NVIDIA A100-SXM4-40GB", .power_limit_w = 400, .sm_max_mhz = 1410});
  for (int i = 0; i < 4; ++i) r.gpus[0].points.push_back(point(0.5 * (i + 1), i == 0 ? 5 : 98, i == 0 ? 60 : 299));
  const auto rows = under_load_rows(r);
  ASSERT_EQ(rows.size(), 1u);  // GPU 1 has no point
  EXPECT_EQ(rows[0].name, imports::kUnderLoadRow);
  EXPECT_EQ(rows[0].gpu, 0);
  EXPECT_FALSE(rows[0].extra.contains("timeline"));
  EXPECT_EQ(rows[0].params.at("samples_total"), 4);
  EXPECT_EQ(rows[0].params.at("samples_under_load"), 3);  // the idle first interval is not under load
}

}  // namespace
}  // namespace gpuaudit
