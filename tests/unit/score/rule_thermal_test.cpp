// score/rule_thermal.cpp: thermal-throttled with the model's thresholds (below), on the T.Limit
// scale of Hopper under drivers 565+, and from nvidia-smi state and telemetry alone (sections at the end).
//
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
#include "unit/support/import_test_support.hpp"
#include "unit/support/evidence_documents.hpp"
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

// ---- thermal-throttled from nvidia-smi state and telemetry alone (no gpuaudit figure) ----
namespace {

namespace evidence_cases {
using namespace gpuaudit;

using namespace gpuaudit::evidence_docs;
using gpuaudit::evidence_docs::evidence_has;  // over the one of this file's first half

TEST(EvidenceThermal, AtTheSlowdownTemperatureWithTheClockDown) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1590, 560, 90)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"thermal-throttled", 0}})) << why(a);
  const Finding* f = find(a, "thermal-throttled");
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "at or above the card's slowdown temperature, 87 C")) << why(a);
}

TEST(EvidenceThermal, ThermalReasonsUnderLoad) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1600, 560, 84, {"sw-thermal"})));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"thermal-throttled", 0}})) << why(a);
  EXPECT_EQ(find(a, "thermal-throttled")->confidence, "high");
}

TEST(EvidenceThermal, HotAtFullClockIsNotThrottled) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1975, 690, 87)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
}

// NVML's GPU Max Operating Temp is "the temperature at which the GPU can be throttled below base
// clock": a card sitting at it is thermally limited even in an idle snapshot (a laptop part whose
// platform set the limit low), and under load it is a thermal sign like the slowdown threshold.
TEST(EvidenceThermal, IdleSnapshotAtTheMaxOperatingTemperature) {
  GpuInfo g = idle_gpu("NVIDIA GeForce MX330");
  g.temperature_c = 56;
  g.temperature_slowdown_c = 97;
  g.temperature_max_operating_c = 57;
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "thermal-throttled");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "max operating temperature of 57 C")) << why(a);
}

TEST(EvidenceThermal, WellBelowTheMaxOperatingTemperatureIsNotThermal) {
  GpuInfo g = h100_sxm();
  g.temperature_max_operating_c = 87;
  g.temperature_c = 80;  // warm, 7 C under the limit
  EXPECT_EQ(find(score(doc_of({g})), "thermal-throttled"), nullptr);
}

TEST(EvidenceThermal, AtTheMaxOperatingTemperatureUnderLoadWithTheClockDown) {
  GpuInfo g = h100_sxm();
  g.temperature_max_operating_c = 85;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1590, 560, 84)));  // under the 87 C slowdown, at the 85 C limit
  const Assessment a = score(d);
  const Finding* f = find(a, "thermal-throttled");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "at the card's max operating temperature (85 C)")) << why(a);
}

}  // namespace evidence_cases

}  // namespace

// ---- the T.Limit scale ----
// The thermal rule on the T.Limit scale (docs/scoring.md, thermal-throttled): Hopper and later cards
// under drivers 565+ print their temperature as a margin below T.Limit and their thresholds as
// offsets on that scale, with no absolute thresholds. The base is a real 565.57.01 `nvidia-smi -q`
// of an idle 8x H100 SXM (thamada/gls, tests/data/imports/nvidia-smi-q/h100-sxm-x8-thamada-gls.txt:
// 30 C, margin 57 C, max operating at 0, slowdown at -2); the hot variants are SYNTHETIC, made by
// this test by rewriting GPU 0's temperature, utilisation and clock lines (no public post of a hot
// Hopper card in the T.Limit layout was found).
namespace gpuaudit::tlimit_cases {
namespace {

using import_and_score::find_finding;

const std::string kReal = imports::import_test::read_bytes(imports::import_test::fixture_dir("nvidia-smi-q") /
                                                           "h100-sxm-x8-thamada-gls.txt");

// GPU 0's first occurrence of `from` replaced by `to` (the fixture's first GPU section comes first).
std::string replace_first(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

// GPU 0 at `temp_c` with T.Limit margin `margin_c`, `util` busy, SM clock `sm_mhz` (max 1980).
std::string synthetic(int temp_c, int margin_c, const std::string& util, int sm_mhz) {
  std::string s = replace_first(kReal, "GPU Current Temp                  : 30 C",
                                "GPU Current Temp                  : " + std::to_string(temp_c) + " C");
  s = replace_first(s, "GPU T.Limit Temp                  : 57 C",
                    "GPU T.Limit Temp                  : " + std::to_string(margin_c) + " C");
  s = replace_first(s, "        Gpu                               : 0 %", "        Gpu                               : " + util);
  return replace_first(s, "        SM                                : 345 MHz",
                       "        SM                                : " + std::to_string(sm_mhz) + " MHz");
}

std::vector<Finding> findings(const std::string& text) {
  return import_and_score::findings_of_texts({{"smi-q.txt", text}});
}

using import_and_score::evidence_has;

TEST(ThermalTLimit, TheRealIdleDumpFarFromItsLimitIsNotThermal) {
  ASSERT_FALSE(kReal.empty());
  const auto fs = findings(kReal);
  for (int gpu = 0; gpu < 8; ++gpu) EXPECT_EQ(find_finding(fs, "thermal-throttled", gpu), nullptr) << gpu;
}

TEST(ThermalTLimit, SyntheticBusyPastTheSlowdownOffsetWithALowClockIsThrottled) {
  const auto fs = findings(synthetic(89, -3, "100 %", 1500));
  const Finding* f = find_finding(fs, "thermal-throttled", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");  // at the slowdown offset AND the clock at 76% of max
  EXPECT_TRUE(evidence_has(*f, "GPU T.Limit Temp -3 C")) << f->evidence.front();
  EXPECT_TRUE(evidence_has(*f, "at its slowdown threshold"));
  EXPECT_EQ(f->figures.at("t_limit_margin_c"), -3);
  for (int gpu = 1; gpu < 8; ++gpu) EXPECT_EQ(find_finding(fs, "thermal-throttled", gpu), nullptr) << gpu;
}

TEST(ThermalTLimit, SyntheticBusyAtTheMaxOperatingOffsetWithALowClockIsThrottled) {
  const auto fs = findings(synthetic(86, 1, "100 %", 1600));
  const Finding* f = find_finding(fs, "thermal-throttled", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(evidence_has(*f, "at its max operating temperature"));
}

TEST(ThermalTLimit, SyntheticBusyAtTheLimitAtFullClockIsNotThrottlingYet) {
  EXPECT_EQ(find_finding(findings(synthetic(88, -2, "100 %", 1980)), "thermal-throttled", 0), nullptr);
}

TEST(ThermalTLimit, SyntheticBusyWithMarginLeftIsNotThermal) {
  EXPECT_EQ(find_finding(findings(synthetic(80, 7, "100 %", 1500)), "thermal-throttled", 0), nullptr);
}

TEST(ThermalTLimit, SyntheticIdleAtItsLimitIsASignAtInventoryOnly) {
  const auto fs = findings(synthetic(87, 0, "0 %", 345));
  const Finding* f = find_finding(fs, "thermal-throttled", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "at inventory: GPU T.Limit Temp 0 C"));
}

}  // namespace
}  // namespace gpuaudit::tlimit_cases
