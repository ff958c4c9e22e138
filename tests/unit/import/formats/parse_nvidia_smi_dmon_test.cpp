// The nvidia-smi dmon parser (src/import/formats/parse_nvidia_smi_dmon.cpp) on the real outputs in
// tests/data/imports/nvidia-smi-dmon/ (values there are checked by format_registry_test.cpp) and on
// the layouts and damage a paste has: -o DT timestamps, -s v violation columns, a repeated header,
// `-` for unsupported, a line cut halfway, pmon output that must not be taken for dmon.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::read_bytes;

ImportPart parse_dmon(const std::string& raw) { return import_test::parse_as("nvidia-smi-dmon", raw, "dmon.txt"); }

const fs::path kDmon = fs::path(GPUAUDIT_TEST_DATA) / "imports" / "nvidia-smi-dmon";

TEST(ImportNvidiaSmiDmon, TheOldTempLayoutBecomesATimeline) {
  const std::string raw = read_bytes(kDmon / "gtx1050ti-hashcat-old-temp-layout.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "nvidia-smi-dmon");
  const auto p = parse_dmon(raw);
  ASSERT_EQ(p.timelines.size(), 1u);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 0);
  EXPECT_TRUE(p.gpus[0].name.empty());  // dmon prints no name
  const auto& t = p.timelines[0].second;
  ASSERT_EQ(t.size(), 37u);
  EXPECT_DOUBLE_EQ(*t[0].power_w, 59);
  EXPECT_DOUBLE_EQ(*t[0].temperature_c, 72);
  EXPECT_DOUBLE_EQ(*t[0].gpu_util_pct, 100);
  EXPECT_DOUBLE_EQ(*t[0].sm_clock_mhz, 1708);
  EXPECT_DOUBLE_EQ(*t[0].mem_clock_mhz, 3504);
  EXPECT_FALSE(t[0].t_s.has_value());  // no -o T
  EXPECT_TRUE(p.skipped.empty());
}

TEST(ImportNvidiaSmiDmon, DateTimeViolationsRepeatedHeadersAndDashes) {
  // synthetic: the layout of `nvidia-smi dmon -s pucvmet -o DT` on a 5xx driver (jpg/ofa, fb/bar1/
  // ccpm, sbecc/dbecc/pci, rxpci/txpci), values made up; the run crosses midnight and dmon repeats
  // its header.
  const std::string header =
      "#Date        Time         gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk  pviol  tviol     fb   bar1   ccpm  sbecc  dbecc    pci  rxpci  txpci\n"
      "#YYYYMMDD    HH:MM:SS     Idx      W      C      C      %      %      %      %      %      %    MHz    MHz      %   bool     MB     MB     MB   errs   errs   errs   MB/s   MB/s\n";
  const std::string raw =
      "$ nvidia-smi dmon -s pucvmet -o DT\n" + header +
      " 20261130    23:59:59       0    699     84     90    100     60      0      0      0      0   2619   1410     35      0  70000      5      0      -      -      0    900    300\n"
      " 20261130    23:59:59       1    310     61     70     97     55      0      0      -      -   2619   1980      0      0  70000      5      0      -      -      0    900    300\n" +
      header +
      " 20261201    00:00:01       0    700     88     92    100     61      0      0      0      0   2619   1365     40      1  70000      5      0      -      -      0    900    300\n"
      " 20261201    00:00:01       1      -     60      -      3      1      0      0      -      -   2619    345      0      0  70000      5      0      -      -      0    900\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-dmon");
  const auto p = parse_dmon(raw);
  ASSERT_EQ(p.timelines.size(), 2u);
  const auto& g0 = p.timelines[0].second;
  ASSERT_EQ(g0.size(), 2u);
  EXPECT_NEAR(*g0[0].t_s, 0.0, 1e-9);
  EXPECT_NEAR(*g0[1].t_s, 2.0, 1e-9);  // across midnight
  EXPECT_EQ(g0[0].clock_event_reasons, std::vector<std::string>{"sw-power-cap"});
  EXPECT_EQ(g0[1].clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "sw-thermal"}));
  EXPECT_DOUBLE_EQ(*g0[1].sm_clock_mhz, 1365);
  const auto& g1 = p.timelines[1].second;
  ASSERT_EQ(g1.size(), 1u);  // its second line is cut (one field short)
  EXPECT_TRUE(g1[0].clock_event_reasons.empty());
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("line 9"), std::string::npos) << p.skipped[0];
  EXPECT_TRUE(p.imported.contains("nvidia-smi-dmon"));

  // The under-load row counts dmon's sm column like --query-gpu's utilization.gpu.
  const BenchmarkResult row = timeline_row(0, g0, p.source);
  EXPECT_EQ(row.params["samples_under_load"], 2);
  ASSERT_TRUE(row.telemetry.has_value());
  EXPECT_DOUBLE_EQ(row.telemetry->temperature_c->max, 88);
}

TEST(ImportNvidiaSmiDmon, IdleSamplesAreNotUnderLoad) {
  // synthetic: default dmon columns, values made up: one idle sample, one busy.
  const std::string raw =
      "# gpu   pwr gtemp mtemp    sm   mem   enc   dec  mclk  pclk\n"
      "# Idx     W     C     C     %     %     %     %   MHz   MHz\n"
      "    0    32    49     -     1     1     0     0  4006   974\n"
      "    0   270    53     -    75    46     0     0  7000  1875\n";
  const auto p = parse_dmon(raw);
  ASSERT_EQ(p.timelines.size(), 1u);
  const BenchmarkResult row = timeline_row(0, p.timelines[0].second, p.source);
  EXPECT_EQ(row.params["samples_total"], 2);
  EXPECT_EQ(row.params["samples_under_load"], 1);
  ASSERT_TRUE(row.telemetry.has_value());
  EXPECT_DOUBLE_EQ(row.telemetry->sm_clock_mhz->median, 1875);
}

TEST(ImportNvidiaSmiDmon, NoUtilisationIsSaidNotGuessed) {
  // The layout a MIG-enabled H100 prints (utilisation `-`), as in the exporter's real capture
  // (linux-x86_64__nvidia-h100-mig__590.48.01.txt, idle phase).
  const std::string raw =
      "# gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk \n"
      "# Idx      W      C      C      %      %      %      %      %      %    MHz    MHz \n"
      "    0     70     42     48      -      -      -      -      -      -   2619    345 \n";
  const auto p = parse_dmon(raw);
  ASSERT_EQ(p.timelines.size(), 1u);
  EXPECT_FALSE(p.timelines[0].second[0].gpu_util_pct.has_value());
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("no sm utilisation"), std::string::npos);
}

TEST(ImportNvidiaSmiDmon, PmonAndForeignTextAreNotClaimed) {
  const std::string pmon =
      "# gpu        pid  type    sm   mem   enc   dec   command\n"
      "# Idx          #   C/G     %     %     %     %   name\n"
      "    0      14835     C    45    15     0     0   python\n";
  const Format* f = find_format("nvidia-smi-dmon");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect(normalize_text(pmon)), 0);
  EXPECT_EQ(f->detect("# a markdown heading about the gpu\n    0 1 2\n"), 0);
  const auto p = parse_dmon("nothing here\n");
  EXPECT_TRUE(p.timelines.empty());
  ASSERT_FALSE(p.skipped.empty());
  const auto only_header = parse_dmon("# gpu   pwr gtemp mtemp    sm   mem   enc   dec  mclk  pclk\n");
  EXPECT_TRUE(only_header.timelines.empty());
  ASSERT_FALSE(only_header.skipped.empty());
  EXPECT_NE(only_header.skipped[0].find("no sample"), std::string::npos);
}

TEST(ImportNvidiaSmiDmon, CutAtEveryByteNeverCrashes) {
  const std::string raw = read_bytes(kDmon / "rtx30-mining-rig-x3-jpg-ofa-columns.txt");
  ASSERT_FALSE(raw.empty());
  for (std::size_t n = 0; n <= raw.size(); ++n) (void)parse_dmon(raw.substr(0, n));
  const auto p = parse_dmon(raw);
  ASSERT_EQ(p.timelines.size(), 3u);
  EXPECT_EQ(p.timelines[2].first, 2);
  EXPECT_DOUBLE_EQ(*p.timelines[2].second[0].power_w, 219);
}

}  // namespace
}  // namespace gpuaudit::imports
