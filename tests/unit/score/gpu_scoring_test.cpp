// "No clock-event reason" is said only of sources that log reasons (issue #12): dmon without -s v,
// a gpu-burn log and the plain table log none, so their silence is no news and the evidence says so.
//
// score/gpu_scoring.cpp: a verdict made of its finding and short text, the stronger of two
// confidences, a group of figures low only below its tolerance, and what the card did under load
// merged from the imported telemetry row and a busy inventory snapshot (documents built here are
// synthetic: typical values of an H100 SXM).
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "score/gpu_scoring.hpp"
#include "unit/support/evidence_documents.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;
const fs::path kData = fs::path(GPUAUDIT_SOURCE_DIR) / "tests" / "data";

ResultDocument import_paths(const std::vector<fs::path>& files) {
  std::vector<std::string> paths;
  for (const auto& f : files) paths.push_back((kData / f).string());
  return imports::import_files(paths, {}, nullptr);
}

bool has_line(const Finding& f, const std::string& part) {
  for (const auto& e : f.evidence)
    if (e.find(part) != std::string::npos) return true;
  return false;
}

TEST(ClockReasonsRead, DmonWithoutViolationColumnsLogsNone) {
  // Real: four Tesla K80 under load, `nvidia-smi dmon --select pucet` (no pviol/tviol), GPU 0 at
  // 692 of 875 MHz (gperdrizet/PUBSUM, tests/data/real-world).
  const fs::path c = "real-world/k80-x4-gpu0-692-of-875-mhz-under-load-dmon";
  const ResultDocument doc = import_paths({c / "lspci.txt", c / "nvidia-smi-dmon.txt"});
  ASSERT_EQ(doc.gpus.size(), 4u);
  const LoadTelemetry load = load_telemetry(doc, doc.gpus[0], 50);
  EXPECT_TRUE(load.present());
  EXPECT_FALSE(load.reasons_read);
  const auto fs = import_and_score::findings_of(doc);
  const Finding* clock = import_and_score::find_finding(fs, "clock-limited");
  ASSERT_NE(clock, nullptr);
  EXPECT_TRUE(has_line(*clock, "these sources log no clock-event reasons; under load the draw reached 97 W")) << clock->evidence.size();
  EXPECT_FALSE(has_line(*clock, "no power or thermal clock-event reason under load"));
}

TEST(ClockReasonsRead, DmonWithViolationColumnsAndCsvWithReasonsLogThem) {
  // dmon -s pucv has pviol/tviol columns (synthetic rows in the real DeepSpeech fixture's layout;
  // that fixture's one sample is idle) and a real exporter capture CSV has the clocks_event_reasons
  // columns: an empty reason list there means none was active.
  const ResultDocument dmon = import_and_score::import_texts(
      {{"synthetic-dmon-s-pucv.txt",
        "# gpu   pwr  temp    sm   mem   enc   dec  mclk  pclk pviol tviol\n"
        "# Idx     W     C     %     %     %     %   MHz   MHz     %  bool\n"
        "    0   250    70    99    40     0     0  9501  1800     0     0\n"
        "    0   251    71    99    41     0     0  9501  1800     0     0\n"}});
  ASSERT_FALSE(dmon.gpus.empty());
  EXPECT_TRUE(load_telemetry(dmon, dmon.gpus[0], 50).reasons_read);
  const ResultDocument csv = import_paths({"imports/nvidia-smi-csv/exporter-capture-nvidia-h100-80gb-hbm3-load.csv"});
  ASSERT_FALSE(csv.gpus.empty());
  EXPECT_TRUE(load_telemetry(csv, csv.gpus[0], 50).reasons_read);
}

TEST(ClockReasonsRead, AnInventorySnapshotUnderLoadReadsItsReasonsSection) {
  // Real: a Tesla K40m -q printed under load with its Clocks Throttle Reasons section.
  const ResultDocument doc = import_paths({"real-world/k40m-default-application-clocks-745-of-875/nvidia-smi-q.txt"});
  ASSERT_EQ(doc.gpus.size(), 1u);
  const LoadTelemetry load = load_telemetry(doc, doc.gpus[0], 50);
  EXPECT_TRUE(load.snapshot_under_load);
  EXPECT_TRUE(load.reasons_read);
}

}  // namespace
}  // namespace gpuaudit

namespace from_scoring_tests {

using namespace gpuaudit;
using namespace gpuaudit::evidence_docs;

TEST(GpuScoring, AVerdictCarriesItsFindingAndShortText) {
  const Verdict v = make_verdict(finding_id::kPowerCapped, 0, "high", "The power limit is 350 W", "power limit 350 W of 700 W");
  EXPECT_EQ(v.finding.id, "power-capped");
  EXPECT_EQ(v.finding.gpu, 0);
  EXPECT_EQ(v.finding.confidence, "high");
  EXPECT_EQ(v.finding.summary, "The power limit is 350 W");
  EXPECT_EQ(v.short_text, "power limit 350 W of 700 W");
  EXPECT_FALSE(make_verdict(finding_id::kSoftware, std::nullopt, "low", "", "").finding.gpu);
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

}  // namespace from_scoring_tests
