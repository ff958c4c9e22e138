// Unit tests of the nvidia-smi --query-gpu CSV parser (src/import/formats/parse_nvidia_smi_csv.cpp): looped
// logs, noheader rows under their command line, one-column CSVs.
#include "core/error.hpp"
#include "import/gates/foreign_input.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/text/smi_command_line.hpp"
#include "import/text/smi_values.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::parse_as;
using import_test::read_bytes;

TEST(ImportNvidiaSmiCsv, NoheaderRowsWithoutTheirCommandSayWhatToAdd) {
  // synthetic: `--format=csv,noheader` rows pasted without their command line and with no timestamp
  // or bus id; the units nvidia-smi writes ("61.20 W", "1410 MHz", "0 %") still name the format,
  // so the one-line error says what to add instead of "not an output".
  const std::string raw =
      "0, NVIDIA A100-SXM4-80GB, 34, 61.20 W, 1410 MHz, 0 %\n"
      "1, NVIDIA A100-SXM4-80GB, 33, 60.10 W, 1410 MHz, 0 %\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw, "rows.csv");
  EXPECT_TRUE(p.gpus.empty());
  ASSERT_FALSE(p.skipped.empty());
  EXPECT_NE(p.skipped[0].find("paste the command line with its --query-gpu list"), std::string::npos) << p.skipped[0];
  // A prose line with one unit is no row.
  EXPECT_EQ(detected("It draws 61.20 W, which is fine, I think\n"), "");
}

TEST(ImportNvidiaSmiCsv, ALoopedLogBecomesOneTimelinePerGpu) {
  // synthetic: the layout of `--query-gpu=timestamp,index,name,pci.bus_id,clocks.sm,clocks.max.sm,
  // power.draw,power.limit,temperature.gpu,utilization.gpu,pcie.link.gen.current,clocks_event_reasons.active
  // --format=csv -l 1`, values made up.
  const std::string raw =
      "timestamp, index, name, pci.bus_id, clocks.sm [MHz], clocks.max.sm [MHz], power.draw [W], power.limit [W], "
      "temperature.gpu, utilization.gpu [%], pcie.link.gen.current, clocks_event_reasons.active\n"
      "2024/05/01 12:00:01.123, 0, NVIDIA H100 80GB HBM3, 00000000:18:00.0, 1980 MHz, 1980 MHz, 650.10 W, 700.00 W, 60, 100 %, 5, 0x0000000000000000\n"
      "2024/05/01 12:00:01.130, 1, NVIDIA H100 80GB HBM3, 00000000:2A:00.0, 1755 MHz, 1980 MHz, 699.80 W, 700.00 W, 71, 100 %, 5, 0x0000000000000004\n"
      "2024/05/01 12:00:02.123, 0, NVIDIA H100 80GB HBM3, 00000000:18:00.0, 1980 MHz, 1980 MHz, 651.00 W, 700.00 W, 61, 100 %, 5, 0x0000000000000000\n"
      "2024/05/01 12:00:02.130, 1, NVIDIA H100 80GB HBM3, 00000000:2A:00.0, 1740 MHz, 1980 MHz, 700.10 W, 700.00 W, 72, 99 %, 4, 0x0000000000000044\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.timelines.size(), 2u);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].pci_bus_id, "00000000:2A:00.0");
  EXPECT_EQ(p.gpus[1].clocks.sm_max_mhz, 1980);
  EXPECT_EQ(p.gpus[1].power.limit_w, 700.0);
  const auto& t1 = p.timelines[1].second;
  EXPECT_EQ(p.timelines[1].first, 1);
  ASSERT_EQ(t1.size(), 2u);
  EXPECT_NEAR(*t1[0].t_s, 0.007, 1e-6);
  EXPECT_NEAR(*t1[1].t_s, 1.007, 1e-6);
  EXPECT_DOUBLE_EQ(*t1[0].power_w, 699.8);
  EXPECT_EQ(t1[0].clock_event_reasons, std::vector<std::string>{"sw-power-cap"});
  EXPECT_EQ(t1[1].clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "hw-thermal"}));
  EXPECT_EQ(t1[1].pcie_gen, 4);
  EXPECT_TRUE(p.timelines[0].second[0].clock_event_reasons.empty());
}

TEST(ImportNvidiaSmiCsv, PerReasonColumnsCutRowsAndNoUnits) {
  const std::string raw =
      "index, clocks.sm [MHz], clocks_throttle_reasons.sw_power_cap, clocks_throttle_reasons.hw_slowdown\n"
      "0, 1410, Active, Not Active\n"
      "0, 1395, Active, Active\n"
      "0, 13\n";
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.timelines.size(), 1u);
  ASSERT_EQ(p.timelines[0].second.size(), 2u);
  EXPECT_EQ(p.timelines[0].second[1].clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "hw-slowdown"}));
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_EQ(p.skipped[0].rfind("line 4: 2 fields where the header (line 1) has 4", 0), 0u) << p.skipped[0];
}

TEST(ImportNvidiaSmiCsv, ANoheaderLogIsRecognisedAndRefusedWithTheReason) {
  // Two rows as OmniOpt's documentation shows its gpu_usage_*.csv files (a noheader log of
  // A100-SXM4-40GB nodes, driver 545.23.08), kept inline because the file has no header to test.
  const std::string raw =
      "2024/06/01 11:27:05.177, NVIDIA A100-SXM4-40GB, 00000000:3B:00.0, 545.23.08, P0, 4, 4, 44, 0 %, 0 %, 40960 MiB, 40333 MiB, 4 MiB\n"
      "2024/06/01 11:27:05.188, NVIDIA A100-SXM4-40GB, 00000000:8B:00.0, 545.23.08, P0, 4, 4, 42, 0 %, 0 %, 40960 MiB, 40333 MiB, 4 MiB\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  EXPECT_TRUE(p.empty());
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("noheader"), std::string::npos);
}

TEST(ImportNvidiaSmiCsv, ComputeAppsBecomeProcessesOfTheirGpu) {
  const std::string raw =
      "pid, process_name, gpu_bus_id, used_gpu_memory [MiB]\n"
      "4141, python3, 00000000:18:00.0, 70123 MiB\n"
      "4242, /usr/bin/other, 00000000:18:00.0, 1024 MiB\n";
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:18:00.0");
  ASSERT_EQ(p.gpus[0].processes.size(), 2u);
  EXPECT_EQ(p.gpus[0].processes[0].pid, 4141);
  EXPECT_EQ(p.gpus[0].processes[0].used_memory_bytes, 70123ull << 20);
  EXPECT_TRUE(p.timelines.empty());
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::parse_as;

TEST(ImportNvidiaSmiCsv, ANoheaderLogUnderItsCommandLineReadsTheCommandsFields) {
  // https://github.com/conbench/conbench/pull/158 (verbatim, one Tesla T4)
  const std::string raw =
      "sh-4.2$ nvidia-smi --query-gpu=gpu_name --format=csv,noheader\n"
      "Tesla T4\n"
      "sh-4.2$\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "Tesla T4");
  EXPECT_EQ(p.gpus[0].index, 0);
  EXPECT_TRUE(p.skipped.empty());
}

TEST(ImportNvidiaSmiCsv, ACommentThePosterTypedIsNotARow) {
  // https://github.com/Syllo/nvtop/issues/64 (verbatim): the value keeps its unit
  const std::string raw =
      "nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader\n"
      "# Output\n"
      "1 %\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.timelines.size(), 1u);
  ASSERT_EQ(p.timelines[0].second.size(), 1u);
  EXPECT_DOUBLE_EQ(*p.timelines[0].second[0].gpu_util_pct, 1.0);
}

TEST(ImportNvidiaSmiCsv, TwoModelsWithoutAnIndexColumnAreTwoGpus) {
  // https://github.com/aristocratos/bpytop/issues/26 (the first run of the paste): one row per GPU,
  // no index or bus id column; the names differ, so the rows are two GPUs, not one GPU's timeline.
  const std::string raw =
      "name, fan.speed [%], memory.total [MiB], memory.used [MiB], utilization.gpu [%], temperature.gpu, power.draw [W], "
      "clocks.current.graphics [MHz], clocks.current.memory [MHz]\n"
      "GeForce GTX 1080 Ti, 29 %, 11175 MiB, 2856 MiB, 36 %, 60, 106.56 W, 1936 MHz, 5508 MHz\n"
      "GeForce GTX 1060 6GB, 29 %, 6078 MiB, 4 MiB, 0 %, 49, 5.68 W, 139 MHz, 405 MHz\n";
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].name, "GeForce GTX 1080 Ti");
  EXPECT_EQ(p.gpus[1].name, "GeForce GTX 1060 6GB");
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_EQ(p.gpus[1].memory_total_bytes, 6078ull << 20);
  ASSERT_EQ(p.timelines.size(), 2u);
  EXPECT_EQ(p.timelines[1].second.size(), 1u);
}

TEST(ImportNvidiaSmiCsv, PollsAreToldApartByTheirTimestamps) {
  // The four-A10 -lms log of tests/data/imports/nvidia-smi-csv/a10-x4-lms-no-index-column.csv: one
  // poll's four rows 4-5 ms apart, the next poll 105 ms later.
  const std::string raw =
      "timestamp, temperature.gpu, utilization.gpu [%]\n"
      "2024/01/16 14:44:16.977, 25, 0 %\n"
      "2024/01/16 14:44:16.981, 24, 0 %\n"
      "2024/01/16 14:44:16.986, 23, 0 %\n"
      "2024/01/16 14:44:16.990, 26, 0 %\n"
      "2024/01/16 14:44:17.095, 25, 0 %\n";
  const auto p = parse_as("nvidia-smi-csv", raw);
  ASSERT_EQ(p.gpus.size(), 4u);
  EXPECT_EQ(p.gpus[3].temperature_c, 26);
  ASSERT_EQ(p.timelines.size(), 4u);
  EXPECT_EQ(p.timelines[0].second.size(), 2u);  // the second poll's first row is GPU 0 again
  EXPECT_TRUE(p.warnings.empty());
}

TEST(ImportNvidiaSmiCsv, TheCommandsIdNamesTheGpuAndALoopWithoutIdentityWarns) {
  const std::string one =
      "$ nvidia-smi -i 2 --query-gpu=timestamp,power.draw --format=csv,noheader -l 1\n"
      "2024/01/16 14:44:16.977, 250.10 W\n"
      "2024/01/16 14:44:17.977, 251.30 W\n";
  const auto p = parse_as("nvidia-smi-csv", one);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 2);
  EXPECT_EQ(p.timelines[0].second.size(), 2u);

  // Same model, no timestamps, a loop: nothing tells the GPUs apart, so one GPU and a warning.
  const std::string looped =
      "nvidia-smi --query-gpu=name,power.draw --format=csv,noheader,nounits -l 1\n"
      "NVIDIA A10, 50.1\nNVIDIA A10, 52.3\nNVIDIA A10, 49.9\n";
  const auto q = parse_as("nvidia-smi-csv", looped);
  ASSERT_EQ(q.gpus.size(), 1u);
  ASSERT_EQ(q.warnings.size(), 1u);
  EXPECT_NE(q.warnings[0].find("one GPU"), std::string::npos) << q.warnings[0];

  // The same rows from a one-shot query (no -l): one row per GPU.
  const std::string once =
      "nvidia-smi --query-gpu=name,power.draw --format=csv,noheader,nounits\n"
      "NVIDIA A10, 50.1\nNVIDIA A10, 52.3\nNVIDIA A10, 49.9\n";
  EXPECT_EQ(parse_as("nvidia-smi-csv", once).gpus.size(), 3u);
}

TEST(ImportNvidiaSmiCsv, ACommandBrokenOverLinesAndAFilteredOneAndAFailedOne) {
  const std::string continued =
      "nvidia-smi -i 0 --query-gpu=timestamp,power.draw,utilization.gpu \\\n"
      "    --format=csv,noheader,nounits -lms 200\n"
      "2024/01/16 14:44:16.977, 250.10, 99\n";
  const auto p = parse_as("nvidia-smi-csv", continued);
  ASSERT_EQ(p.timelines.size(), 1u);
  EXPECT_DOUBLE_EQ(*p.timelines[0].second[0].gpu_util_pct, 99.0);

  // https://github.com/influxdata/telegraf/issues/6573 (verbatim): the query failed; the one-line
  // error says what nvidia-smi said instead of "not an output gpuaudit can import".
  const std::string failed =
      "`.\\nvidia-smi.exe --format=\"noheader,nounits,csv\" --query-gpu=\"fan.speed,memory.total,name\"`\n"
      "\n"
      "I get the error \n"
      "\n"
      "> Field \xE2\x80\x9C" "encoder.stats.sessionCount\xE2\x80\x9D is not a valid field to query.\n";
  EXPECT_EQ(detected(failed), "nvidia-smi-csv");
  const auto f = parse_as("nvidia-smi-csv", failed);
  EXPECT_TRUE(f.empty());
  ASSERT_FALSE(f.skipped.empty());
  EXPECT_NE(f.skipped[0].find("is not a valid field"), std::string::npos) << f.skipped[0];
}

TEST(ImportNvidiaSmiCsv, ALogAroundTheCommandIsNotItsRows) {
  // https://github.com/Ricks-Lab/gpu-utils/issues/88 (verbatim excerpt): a tool's debug log that
  // quotes the noheader commands it runs; its lines fit one field but are no power limit.
  const std::string raw =
      "/usr/bin/nvidia-smi -i 0a:00.0 --query-gpu=power.min_limit --format=csv,noheader,nounits\n"
      "DEBUG:gpu-utils:GPUmodule.read_gpu_sensor_nv:NV query result: [['105.00', '']]\n"
      "DEBUG:gpu-utils:GPUmodule.read_gpu_sensor_nv:NV query response: [105.00]\n";
  EXPECT_NE(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  EXPECT_TRUE(p.gpus.empty());
  EXPECT_TRUE(p.timelines.empty());
}

TEST(ImportNvidiaSmiCsv, ANoheaderLogWithoutItsCommandStillGetsTheReason) {
  const std::string raw = "2024/06/01 11:27:05.177, NVIDIA A100-SXM4-40GB, 00000000:3B:00.0, 545.23.08, 4 MiB\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-csv");
  const auto p = parse_as("nvidia-smi-csv", raw);
  EXPECT_TRUE(p.empty());
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("command line"), std::string::npos) << p.skipped[0];
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::fixture_dir;
using import_test::gpu;
using import_test::parse_as;
using import_test::read_bytes;

TEST(CsvOneColumn, AColumnThatNamesItselfIsAHeader) {
  const std::string real = read_bytes(fixture_dir("nvidia-smi-csv") / "dfdx-compute-cap-one-column-under-its-command.txt");
  EXPECT_EQ(detected(real), "nvidia-smi-csv");
  const ImportPart p = parse_as("nvidia-smi-csv", real);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].compute_capability, "8.9");

  // Synthetic: a unit or a dotted name says which column it is, without the command above it.
  const ImportPart limit = parse_as("nvidia-smi-csv", "power.limit [W]\n300.00 W\n");
  ASSERT_EQ(limit.gpus.size(), 1u);
  EXPECT_EQ(limit.gpus[0].power.limit_w, 300.0);
  EXPECT_EQ(detected("memory.total [MiB]\n81559 MiB\n"), "nvidia-smi-csv");
  // A clock-event reason's own column (nvidia-settings #80, FRESH-2026-12-126, as posted).
  EXPECT_EQ(detected("clocks_throttle_reasons.supported\n0x00000000000001FF\n"), "nvidia-smi-csv");
}

TEST(CsvOneColumn, ABareWordIsAHeaderOnlyUnderTheCommandThatAskedForIt) {
  // Synthetic: "name" alone is any text's word; under its command it is nvidia-smi's column.
  EXPECT_EQ(detected("name\nNVIDIA A100-SXM4-40GB\n"), "");
  const std::string under = "$ nvidia-smi --query-gpu=name --format=csv\nname\nNVIDIA A100-SXM4-40GB\n";
  EXPECT_EQ(detected(under), "nvidia-smi-csv");
  const ImportPart p = parse_as("nvidia-smi-csv", under);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA A100-SXM4-40GB");
  // A header needs a value under it to be claimed.
  EXPECT_EQ(detected("compute_cap\n"), "");
}

TEST(CsvOneColumn, TheNextOutputPastedUnderItIsNotItsRows) {
  // Synthetic: the one-column output, then a summary table with no prompt between them.
  const ImportPart p = parse_as("nvidia-smi-csv",
                                "compute_cap\n8.9\n"
                                "+-----------------------------------------------------------------------------------------+\n"
                                "| NVIDIA-SMI 570.133.07             Driver Version: 570.133.07     CUDA Version: 12.8     |\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].compute_capability, "8.9");
}

}  // namespace
}  // namespace gpuaudit::imports
