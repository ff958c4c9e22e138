// The watched job as figures (watch/watch_figures.hpp): busy per GPU, the metric in its own unit,
// the wall time; none from a checkpoint of a job still running; and a document holding them passes
// the validator (the watch family keeps its own units).
#include "watch/watch_figures.hpp"

#include "core/document_validate.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

WatchRecord finished() {
  WatchRecord r;
  r.finished = true, r.exit_code = 0, r.elapsed_s = 42;
  r.metric_unit = "tokens";
  r.metric = {{1, 900}, {2, 1000}, {3, 1100}};
  r.gpus.push_back({.gpu = 0});
  for (double u : {90.0, 100.0, 95.0}) r.gpus[0].points.push_back({.t_s = 1, .samples = 5, .util_pct = u});
  return r;
}

TEST(WatchFigures, BusyMetricAndDuration) {
  const auto rows = watch_figures(finished());
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].name, "watch/gpu_busy");
  EXPECT_EQ(rows[0].gpu, 0);
  EXPECT_EQ(rows[0].value(), 95);
  EXPECT_EQ(rows[1].name, "watch/metric");
  EXPECT_EQ(rows[1].unit, "tokens/s");
  EXPECT_EQ(rows[1].value(), 1000);
  EXPECT_EQ(rows[2].name, "watch/duration");
  EXPECT_FALSE(rows[2].higher_is_better);
  EXPECT_EQ(rows[2].value(), 42);
}

TEST(WatchFigures, NoneWhileTheJobRuns) {
  WatchRecord r = finished();
  r.finished = false;
  EXPECT_TRUE(watch_figures(r).empty());
}

TEST(WatchFigures, ADocumentWithThemIsValid) {
  ResultDocument doc;
  doc.created_utc = "2026-12-05T00:00:00Z";
  doc.mode = "watch";
  GpuInfo gpu;
  gpu.index = 0;
  gpu.name = "NVIDIA H100 80GB HBM3";
  doc.gpus.push_back(gpu);
  doc.benchmarks = watch_figures(finished());
  try {
    validate_document(doc);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
}

}  // namespace
}  // namespace gpuaudit
