// "No clock-event reason" is said only of sources that log reasons (issue #12): dmon without -s v,
// a gpu-burn log and the plain table log none, so their silence is no news and the evidence says so.
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "score/gpu_scoring.hpp"

#include <gtest/gtest.h>

#include <filesystem>

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
