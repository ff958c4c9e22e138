// The thermal rule with the MODEL's slowdown and max operating temperatures (baseline
// temperature_slowdown_c, temperature_max_operating_c) standing
// in for the card's own, which the plain nvidia-smi table, dmon, a --query-gpu log and gpu-burn do
// not print (docs/scoring.md §5, thermal-throttled; docs/baselines.md). Every document here is
// synthetic, written for this test in the layouts of the real fixtures of its format: no public post
// of a hot card under load in these formats was found. The A100 SXM4 80GB baseline holds 89 C
// (nvidia-smi -q of two hosts); the values of the rows are chosen around it.
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/repo_baselines.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/gpu_scoring.hpp"
#include "score/thresholds.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;

// A 550-layout table of one A100-SXM4-80GB (the row shape of tests/data/imports/nvidia-smi-table/).
std::string table_synthetic(int temp_c, const std::string& util) {
  return "| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n"
         "|-----------------------------------------+------------------------+----------------------+\n"
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n"
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |\n"
         "|                                         |                        |               MIG M. |\n"
         "|=========================================+========================+======================|\n"
         "|   0  NVIDIA A100-SXM4-80GB          On  |   00000000:07:00.0 Off |                    0 |\n"
         "| N/A   " + std::to_string(temp_c) + "C    P0            300W /  400W |   60000MiB /  81920MiB |    " + util +
         "      Default |\n"
         "|                                         |                        |             Disabled |\n"
         "+-----------------------------------------+------------------------+----------------------+\n";
}

// nvidia-smi dmon rows of GPU 0 at full SM utilisation, `temp_c` and SM clock `pclk`.
std::string dmon_synthetic(int temp_c, int pclk) {
  std::string s = "# gpu   pwr  temp    sm   mem   enc   dec  mclk  pclk\n"
                  "# Idx     W     C     %     %     %     %   MHz   MHz\n";
  for (int i = 0; i < 10; ++i)
    s += "    0   380    " + std::to_string(temp_c) + "   100    40     0     0  1593  " + std::to_string(pclk) + "\n";
  return s;
}

// A --query-gpu log without the threshold fields (name, temperature, utilisation, clocks).
std::string csv_synthetic(int temp_c, int sm_mhz) {
  std::string s = "name, temperature.gpu, utilization.gpu [%], clocks.current.sm [MHz], clocks.max.sm [MHz]\n";
  for (int i = 0; i < 5; ++i)
    s += "NVIDIA A100-SXM4-80GB, " + std::to_string(temp_c) + ", 100 %, " + std::to_string(sm_mhz) + " MHz, 1410 MHz\n";
  return s;
}

// gpu-burn's progress lines with one GPU's temperatures.
std::string gpu_burn_synthetic(int temp_c) {
  std::string s = "GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-00000000-1111-2222-3333-444444444444)\n";
  for (int i = 1; i <= 4; ++i)
    s += std::to_string(i * 25) + ".0%  proc'd: " + std::to_string(i * 9000) + " (17000 Gflop/s)   errors: 0   temps: " +
         std::to_string(temp_c) + " C \n\tSummary at:   Sat Sep 25 17:10:59 UTC 2021\n\n";
  return s;
}

std::vector<Finding> findings_of(const std::vector<std::pair<std::string, std::string>>& files) {
  return import_and_score::findings_of_texts(files);
}

using import_and_score::find_finding;

using import_and_score::evidence_has;

TEST(ThermalModelThreshold, TheBaselineCarriesTheA100Threshold) {
  const Baseline* b = repo_baselines().find("a100-sxm4-80gb");
  ASSERT_NE(b, nullptr);
  ASSERT_TRUE(b->temperature_slowdown_c.has_value());
  EXPECT_EQ(b->temperature_slowdown_c->value, 89);
  EXPECT_FALSE(b->temperature_slowdown_c->source.empty());
}

TEST(ThermalModelThreshold, BaselinesCheckRefusesThresholdsOutOfOrder) {
  BaselineSet set;
  set.models = {*repo_baselines().find("a100-sxm4-80gb")};
  EXPECT_TRUE(check_baselines(set).empty());
  Baseline& b = set.models[0];
  b.temperature_shutdown_c->value = 85;         // below the 89 C slowdown
  b.temperature_max_operating_c->value = 95;    // above it
  b.temperature_slowdown_c->source.clear();
  const auto problems = check_baselines(set);
  auto has = [&](const std::string& needle) {
    for (const auto& p : problems)
      if (p.find(needle) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has("temperature_slowdown_c has no source"));
  EXPECT_TRUE(has("temperature_shutdown_c must be above temperature_slowdown_c"));
  EXPECT_TRUE(has("temperature_max_operating_c must not be above temperature_slowdown_c"));
}

TEST(ThermalModelThreshold, TheCardsOwnThresholdWinsOverTheModels) {
  GpuInfo gpu;
  gpu.name = "NVIDIA A100-SXM4-80GB";
  GpuScoring g;
  g.gpu = &gpu;
  g.ref.baseline = *repo_baselines().find("a100-sxm4-80gb");
  g.ref.method = "name";
  std::string from;
  EXPECT_EQ(g.slowdown_temperature_c(&from), 89);  // the document has none: the model's
  EXPECT_EQ(from, "the model's slowdown temperature");
  gpu.temperature_slowdown_c = 86;  // a board whose firmware says otherwise (synthetic value)
  EXPECT_EQ(g.slowdown_temperature_c(&from), 86);
  EXPECT_EQ(from, "the card's slowdown temperature");
  gpu.temperature_slowdown_c.reset();
  g.ref.method = "architecture-fallback";  // an estimate never borrows a threshold
  EXPECT_FALSE(g.slowdown_temperature_c().has_value());
}

TEST(ThermalModelThreshold, SyntheticTableAtTheSlowdownUnderLoadIsThermalThrottled) {
  const auto fs = findings_of({{"table.txt", table_synthetic(91, "100%")}});
  const Finding* f = find_finding(fs, "thermal-throttled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");  // hot with no clock seen: the table prints none
  EXPECT_TRUE(evidence_has(*f, "at or above the model's slowdown temperature, 89 C"));
}

TEST(ThermalModelThreshold, SyntheticTableBelowTheMaxOperatingUnderLoadIsNot) {
  const auto fs = findings_of({{"table.txt", table_synthetic(80, "100%")}});
  EXPECT_EQ(find_finding(fs, "thermal-throttled"), nullptr);
}

TEST(ThermalModelThreshold, SyntheticTableAtTheModelsMaxOperatingUnderLoadIsLow) {
  // 86 C under load, below the slowdown (89 C) but at the model's max operating temperature
  // (85 C: the boost controller holds the card there), and the table prints no clock: low.
  const auto fs = findings_of({{"table.txt", table_synthetic(86, "100%")}});
  const Finding* f = find_finding(fs, "thermal-throttled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "at the model's max operating temperature (85 C)"));
}

TEST(ThermalModelThreshold, SyntheticIdleHotTableAtTheModelsMaxOperatingIsLow) {
  // 91 C at 0%: not under load, but already past the model's max operating temperature, like a
  // card's own "GPU Max Operating Temp" at inventory (the MX330 case): at its limit, low.
  const auto fs = findings_of({{"table.txt", table_synthetic(91, "  0%")}});
  const Finding* f = find_finding(fs, "thermal-throttled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "at inventory: 91 C against the model's max operating temperature"));
  EXPECT_EQ(find_finding(findings_of({{"table.txt", table_synthetic(75, "  0%")}}), "thermal-throttled"), nullptr);
}

TEST(ThermalModelThreshold, SyntheticDmonHotWithALowClockBesideTheTableIsHigh) {
  // dmon names no GPU: the table beside it does, so the model's threshold applies to its samples.
  const auto fs = findings_of({{"table.txt", table_synthetic(60, "100%")}, {"dmon.txt", dmon_synthetic(92, 1005)}});
  const Finding* f = find_finding(fs, "thermal-throttled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");  // at the slowdown and the clock at 71% of 1410 MHz
}

TEST(ThermalModelThreshold, SyntheticDmonHotAtFullClockIsNot) {
  const auto fs = findings_of({{"table.txt", table_synthetic(60, "100%")}, {"dmon.txt", dmon_synthetic(92, 1410)}});
  EXPECT_EQ(find_finding(fs, "thermal-throttled"), nullptr);  // hot at full clock is not throttling yet
}

TEST(ThermalModelThreshold, SyntheticCsvWithoutThresholdFieldsUsesTheModel) {
  const auto hot = findings_of({{"log.csv", csv_synthetic(90, 1095)}});
  const Finding* f = find_finding(hot, "thermal-throttled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  const auto cool = findings_of({{"log.csv", csv_synthetic(80, 1095)}});
  EXPECT_EQ(find_finding(cool, "thermal-throttled"), nullptr);
}

TEST(ThermalModelThreshold, SyntheticGpuBurnTemperaturesAtTheSlowdownAreASign) {
  const auto fs = findings_of({{"burn.txt", gpu_burn_synthetic(90)}});
  const Finding* f = find_finding(fs, "thermal-throttled");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");  // gpu-burn prints no clock
  EXPECT_EQ(find_finding(findings_of({{"burn.txt", gpu_burn_synthetic(80)}}), "thermal-throttled"), nullptr);
}

TEST(ThermalModelThreshold, AnUnknownModelBorrowsNoThreshold) {
  // An RTX 3050 has no baseline: its estimate comes from the Ampere reference (A40, 95 C), whose
  // threshold is not the 3050's firmware's, so 99 C under load decides nothing here.
  std::string t = table_synthetic(99, "100%");
  t.replace(t.find("NVIDIA A100-SXM4-80GB  "), 23, "NVIDIA GeForce RTX 3050");
  t.replace(t.find("  60000MiB /  81920MiB"), 22, "   6000MiB /   8192MiB");
  const auto fs = findings_of({{"table.txt", t}});
  EXPECT_EQ(find_finding(fs, "thermal-throttled"), nullptr);
}

}  // namespace
}  // namespace gpuaudit
