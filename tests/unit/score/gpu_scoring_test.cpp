// score/gpu_scoring.cpp: a verdict made of its finding and short text, the stronger of two
// confidences, a group of figures low only below its tolerance, and what the card did under load
// merged from the imported telemetry row and a busy inventory snapshot (documents built here are
// synthetic: typical values of an H100 SXM).
#include "score/gpu_scoring.hpp"
#include "unit/support/evidence_documents.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace gpuaudit;
using namespace gpuaudit::evidence_docs;

TEST(GpuScoring, AVerdictCarriesItsFindingAndShortText) {
  const Verdict v = make_verdict("power-capped", 0, "high", "The power limit is 350 W", "power limit 350 W of 700 W");
  EXPECT_EQ(v.finding.id, "power-capped");
  EXPECT_EQ(v.finding.gpu, 0);
  EXPECT_EQ(v.finding.confidence, "high");
  EXPECT_EQ(v.finding.summary, "The power limit is 350 W");
  EXPECT_EQ(v.short_text, "power limit 350 W of 700 W");
  EXPECT_FALSE(make_verdict("software", std::nullopt, "low", "", "").finding.gpu);
}

TEST(GpuScoring, TheStrongerConfidence) {
  EXPECT_EQ(stronger("high", "medium"), "high");
  EXPECT_EQ(stronger("low", "medium"), "medium");
  EXPECT_EQ(stronger("", "low"), "low");
  EXPECT_EQ(stronger("medium", ""), "medium");
  EXPECT_EQ(stronger("", ""), "");
}

TEST(GpuScoring, AGroupIsLowOnlyBelowItsTolerance) {
  GroupView g;
  EXPECT_FALSE(g.low());
  EXPECT_FALSE(g.fine());  // nothing with a reference: neither
  g.present = true;
  g.tolerance = 0.10;
  g.ratio = 0.85;
  EXPECT_TRUE(g.low());
  EXPECT_FALSE(g.fine());
  g.ratio = 0.95;
  EXPECT_FALSE(g.low());
  EXPECT_TRUE(g.fine());
}

TEST(GpuScoring, LoadTelemetryFromTheImportedRow) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1500, 690, 80, {"sw-power-cap", "gpu-idle"}, 5, 16)));
  const LoadTelemetry l = load_telemetry(d, d.gpus[0], 50);
  ASSERT_TRUE(l.present());
  EXPECT_NE(std::find(l.from.begin(), l.from.end(), imports::kUnderLoadRow), l.from.end()) << l.sources();
  EXPECT_EQ(l.samples, 100);
  EXPECT_TRUE(l.reasons.count("sw-power-cap"));
  EXPECT_FALSE(l.reasons.count("gpu-idle"));  // left out
  ASSERT_TRUE(l.sm_clock_mhz);
  EXPECT_DOUBLE_EQ(l.sm_clock_mhz->median, 1500);
  ASSERT_TRUE(l.power_w);
  EXPECT_DOUBLE_EQ(l.power_w->max, 690);
  ASSERT_TRUE(l.temperature_c);
  EXPECT_DOUBLE_EQ(l.temperature_c->max, 80);
  EXPECT_TRUE(l.link_seen());
  EXPECT_EQ(l.pcie_gen_max_seen, 5);
  EXPECT_FALSE(l.snapshot_under_load);
}

TEST(GpuScoring, AnImportedSnapshotTakenWhileBusyIsOneSampleUnderLoad) {
  GpuInfo g = h100_sxm();
  mark_imported(g);
  g.utilization_pct = 97;
  g.clocks.sm_now_mhz = 1755;
  g.clock_event_reasons = {"sw-thermal"};
  const ResultDocument busy = doc_of({g});
  const LoadTelemetry l = load_telemetry(busy, busy.gpus[0], 50);
  ASSERT_TRUE(l.present());
  EXPECT_TRUE(l.snapshot_under_load);
  EXPECT_EQ(l.samples, 1);
  EXPECT_TRUE(l.reasons.count("sw-thermal"));
  // Idle (the default snapshot), or gpuaudit's own inventory: nothing seen under load.
  const ResultDocument idle = doc_of({h100_sxm()});
  EXPECT_FALSE(load_telemetry(idle, idle.gpus[0], 50).present());
}
