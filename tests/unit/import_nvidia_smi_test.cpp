// The nvidia-smi parsers (src/import/parse_nvidia_smi_*.cpp) on real outputs people posted
// (tests/data/imports/nvidia-smi-*/smi-*, each with a .source.json naming where it came from and the
// values read off it by eye), and on cut, corrupt and foreign inputs.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::parse_as;
using import_test::read_bytes;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

// What merge.cpp makes of one part, for the fields these fixtures check: gpus, software, and the
// topology, which the document keeps in extra and so writes at its top level (/topology).
json as_document(const ImportPart& p) {
  json d = json::object();
  d["software"] = p.software;
  d["gpus"] = p.gpus;
  if (!p.topology.is_null()) d["topology"] = p.topology;
  d["benchmarks"] = p.benchmarks;
  return d;
}

struct Fixture {
  fs::path file;
  json meta;
};

std::vector<Fixture> smi_fixtures() {
  std::vector<Fixture> out;
  if (!fs::exists(kData)) return out;
  for (const auto& dir : fs::directory_iterator(kData)) {
    if (!dir.is_directory() || dir.path().filename().string().rfind("nvidia-smi", 0) != 0) continue;
    for (const auto& e : fs::directory_iterator(dir.path())) {
      const std::string name = e.path().filename().string();
      if (name.rfind("smi-", 0) != 0 || name.size() < 12 || name.substr(name.size() - 12) != ".source.json") continue;
      Fixture f;
      f.file = e.path().parent_path() / name.substr(0, name.size() - 12);
      f.meta = json::parse(read_bytes(e.path()));
      out.push_back(std::move(f));
    }
  }
  std::sort(out.begin(), out.end(), [](const Fixture& a, const Fixture& b) { return a.file < b.file; });
  return out;
}

TEST(ImportNvidiaSmi, EveryFixtureHasASourceAndItsExpectedValues) {
  const auto fixtures = smi_fixtures();
  ASSERT_GE(fixtures.size(), 10u);
  for (const auto& f : fixtures) {
    SCOPED_TRACE(f.file.filename().string());
    ASSERT_TRUE(fs::exists(f.file));
    const json& m = f.meta;
    ASSERT_TRUE(m.contains("source_url") && m["source_url"].is_string());
    EXPECT_EQ(m["synthetic"].get<bool>(), f.file.filename().string().find("synthetic") != std::string::npos);
    const std::string format = m["format"].get<std::string>();
    const std::string raw = read_bytes(f.file);
    EXPECT_EQ(detected(raw), format);
    const ImportPart part = parse_as(format, raw, f.file.string());
    EXPECT_FALSE(part.empty());
    const json doc = as_document(part);
    ASSERT_TRUE(m["expect"].is_array() && !m["expect"].empty());
    for (const auto& ex : m["expect"]) {
      if (ex.contains("figure")) continue;  // rows: the framework's sidecar test checks those
      const std::string path = ex["path"].get<std::string>();
      SCOPED_TRACE(path);
      const json::json_pointer ptr(path);
      ASSERT_TRUE(doc.contains(ptr)) << "missing in " << doc.dump().substr(0, 400);
      const json& got = doc.at(ptr);
      if (ex.contains("equals")) {
        EXPECT_EQ(got, ex["equals"]);
      } else {
        ASSERT_TRUE(got.is_number());
        const double want = ex["approx"].get<double>(), rel = ex.value("rel", 0.005);
        EXPECT_NEAR(got.get<double>(), want, std::abs(want) * rel);
      }
    }
  }
}

// ---- nvidia-smi -q ------------------------------------------------------------------------------

const fs::path kQ = kData / "nvidia-smi-q";

TEST(ImportNvidiaSmiQ, ReadsEveryGpuOfAnEightGpuDumpWithProvenance) {
  const auto p = parse_as("nvidia-smi-q", read_bytes(kQ / "smi-h100-80gb-hbm3-x8-565.txt"), "h100.txt");
  ASSERT_EQ(p.gpus.size(), 8u);
  EXPECT_TRUE(p.skipped.empty());
  EXPECT_TRUE(p.warnings.empty());
  for (std::size_t i = 0; i < p.gpus.size(); ++i) {
    EXPECT_EQ(p.gpus[i].index, static_cast<int>(i));
    EXPECT_EQ(p.gpus[i].name, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(p.gpus[i].extra["source"]["tool"], "nvidia-smi");
    EXPECT_EQ(p.gpus[i].extra["source"]["version"], "565.57.01");
    EXPECT_EQ(p.gpus[i].extra["source"]["file"], "h100.txt");
  }
  EXPECT_EQ(p.gpus[0].extra["source"]["line"], 8);
  // 565 prints the thresholds as offsets from T.Limit: never read as temperatures.
  EXPECT_FALSE(p.gpus[0].temperature_slowdown_c.has_value());
  EXPECT_EQ(p.gpus[0].extra["imported"]["slowdown_t_limit_temp_c"], -2);
}

TEST(ImportNvidiaSmiQ, SectionDumpsWithoutTheBannerAndTheReasonCounters) {
  // A `-q -d PERFORMANCE` paste of the GPU section alone (the banner and "Attached GPUs" cut off),
  // lines as the real 580 dump in cubecos-q-d-memory-performance-580-cut.txt prints them.
  const std::string raw = read_bytes(import_test::fixture_dir("nvidia-smi-q") / "cubecos-q-d-memory-performance-580-cut.txt");
  ASSERT_FALSE(raw.empty());
  const std::string section = raw.substr(raw.find("GPU 00000000:42:00.0"));
  EXPECT_EQ(detected(section), "nvidia-smi-q");
  const auto p = parse_as("nvidia-smi-q", section, "perf.txt");
  ASSERT_FALSE(p.gpus.empty());
  const GpuInfo& g = p.gpus[0];
  EXPECT_EQ(g.pci_bus_id, "00000000:42:00.0");
  EXPECT_TRUE(g.clock_event_reasons.empty());  // every reason "Not Active"
  EXPECT_TRUE(g.extra["clock_event_reasons_read"].get<bool>());
  // 550+: how long each reason held the clocks since the driver loaded: kept, not an active reason.
  EXPECT_DOUBLE_EQ(g.extra["imported"]["clock_event_reason_counters_us"]["sw power capping"].get<double>(), 1202176);
  // A "GPU <bus id>" line alone, or with prose under it, is not a dump.
  EXPECT_NE(detected("GPU 00000000:42:00.0\nis the one that fails\n"), "nvidia-smi-q");
}

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

TEST(ImportNvidiaSmiQ, ACutPasteSaysWhereItEnds) {
  const auto p = parse_as("nvidia-smi-q", read_bytes(kQ / "smi-h100-80gb-hbm3-x8-565-truncated-synthetic.txt"));
  ASSERT_EQ(p.gpus.size(), 4u);
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_EQ(p.skipped[0].rfind("line 700: dump ends inside GPU 00000000:5D:00.0", 0), 0u) << p.skipped[0];
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("Attached GPUs : 8"), std::string::npos);
}

TEST(ImportNvidiaSmiQ, CutAtEveryLineNeverCrashesAndKeepsWhatItRead) {
  const std::string raw = read_bytes(kQ / "smi-tesla-v100-pcie-32gb-410-throttle-reasons.txt");
  std::size_t pos = 0;
  int cuts = 0;
  while ((pos = raw.find('\n', pos + 1)) != std::string::npos) {
    const auto p = parse_as("nvidia-smi-q", raw.substr(0, pos));
    if (p.gpus.empty()) continue;
    ++cuts;
    EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:18:00.0");
  }
  EXPECT_GT(cuts, 100);
}

TEST(ImportNvidiaSmiQ, CrlfPromptLinesDecimalCommasAndIndentedPastesReadTheSame) {
  const std::string raw = read_bytes(kQ / "smi-tesla-v100-pcie-32gb-410-throttle-reasons.txt");
  std::string crlf = "$ nvidia-smi -q\r\n";
  for (char c : raw) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  std::string indented;
  std::istringstream in(raw);
  for (std::string line; std::getline(in, line);) indented += "    " + line + "\n\n";  // quoted, blank lines between
  std::string comma = raw;
  comma.replace(comma.find("58.81 W"), 7, "58,81 W");
  for (const std::string& variant : {crlf, indented, comma}) {
    EXPECT_EQ(detected(variant), "nvidia-smi-q");
    const auto p = parse_as("nvidia-smi-q", variant);
    ASSERT_EQ(p.gpus.size(), 1u);
    EXPECT_EQ(p.gpus[0].name, "Tesla V100-PCIE-32GB");
    ASSERT_TRUE(p.gpus[0].power.usage_w.has_value());
    EXPECT_DOUBLE_EQ(*p.gpus[0].power.usage_w, 58.81);
    EXPECT_EQ(p.gpus[0].processes.size(), 1u);
  }
}

TEST(ImportNvidiaSmiQ, ActiveReasonsAndAbsentValues) {
  const std::string raw =
      "==============NVSMI LOG==============\n\nDriver Version : 535.54.03\nCUDA Version : 12.2\n\n"
      "Attached GPUs : 1\nGPU 00000000:3B:00.0\n    Product Name : NVIDIA A100-SXM4-40GB\n"
      "    Clocks Event Reasons\n        Idle : Not Active\n        SW Power Cap : Active\n"
      "        HW Slowdown : Active\n            HW Thermal Slowdown : Active\n"
      "            HW Power Brake Slowdown : Not Active\n        SW Thermal Slowdown : [N/A]\n"
      "    Temperature\n        GPU Current Temp : 88 C\n        GPU Slowdown Temp : [Not Supported]\n"
      "    GPU Power Readings\n        Power Draw : Unknown Error\n        Current Power Limit : 250.00 W\n";
  const auto p = parse_as("nvidia-smi-q", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const auto& g = p.gpus[0];
  EXPECT_EQ(g.clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "hw-slowdown", "hw-thermal"}));
  EXPECT_EQ(g.temperature_c, 88);
  EXPECT_FALSE(g.temperature_slowdown_c.has_value());
  EXPECT_FALSE(g.power.usage_w.has_value());
  EXPECT_EQ(g.power.limit_w, 250.0);
  EXPECT_EQ(p.software.cuda_driver_version, 12020);
}

TEST(ImportNvidiaSmiQ, The610LayoutKeepsItsVersionAndCeilingLimits) {
  // 610+: the version with a bracketed deprecation note, KMD Version after it, and the limits
  // inside "GPU Ceiling Power Limit" (the real dumps are fixtures: exporter-capture-*-610-*.txt).
  const std::string raw =
      "==============NVSMI LOG==============\n\nDriver Version : 610.57.04 [Deprecated; will be removed in CUDA 14.0. "
      "Use KMD Version instead]\nCUDA Version : 13.3 [Deprecated; will be removed in CUDA 14.0. Use CUDA UMD Version "
      "instead]\nKMD Version : 610.57.04\nCUDA UMD Version : 13.3\n\nAttached GPUs : 1\nGPU 00000000:0C:00.0\n"
      "    Product Name : NVIDIA GeForce RTX 2080 SUPER\n    GPU Power Readings\n        Instantaneous Power Draw : 38.89 W\n"
      "        GPU Ceiling Power Limit\n            Current Power Limit : 250.00 W\n            Requested Power Limit : 240.00 W\n"
      "            Default Power Limit : 260.00 W\n        GPU Base Power\n            Current Base Power : N/A\n"
      "        Min Power Limit : 105.00 W\n        Max Power Limit : 350.00 W\n";
  const auto p = parse_as("nvidia-smi-q", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.software.driver_version, "610.57.04");
  EXPECT_EQ(p.software.cuda_driver_version, 13030);
  const auto& pw = p.gpus[0].power;
  EXPECT_EQ(pw.limit_w, 250.0);
  EXPECT_EQ(pw.default_limit_w, 260.0);
  EXPECT_EQ(pw.min_limit_w, 105.0);
  EXPECT_EQ(pw.max_limit_w, 350.0);
  EXPECT_EQ(pw.extra["requested_limit_w"], 240.0);
  // "Requested functionality has been deprecated" is still no value.
  const auto q = parse_as("nvidia-smi-q", "==============NVSMI LOG==============\nDriver Version : Requested functionality has "
                                          "been deprecated\nKMD Version : 610.62\nAttached GPUs : 1\nGPU 00000000:0C:00.0\n"
                                          "    Product Name : X\n");
  EXPECT_EQ(q.software.driver_version, "610.62");
}

TEST(ImportNvidiaSmiQ, APciIdOfDeviceOrVendorZeroIsNoId) {
  // Telegraf's a10g.xml prints 000000DE; a device id 0x0000 names no device.
  const auto p = parse_as("nvidia-smi-q", "==============NVSMI LOG==============\nAttached GPUs : 1\nGPU 00000000:00:1E.0\n"
                                          "    Product Name : NVIDIA A10G\n    PCI\n        Device Id : 0x000000DE\n"
                                          "        Sub System Id : 0x14F110DE\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_FALSE(p.gpus[0].pci_device_id.has_value());
  EXPECT_EQ(p.gpus[0].pci_subsystem_id, "10de:14f1");
}

// Two real pastes from the real-world corpus (tests/data/real-world/, sources in their case.json).
const fs::path kRealWorld = fs::path(GPUAUDIT_TEST_DATA) / "real-world";

TEST(ImportNvidiaSmiQ, UnevenlyIndentedHeaderLinesStillLeadToTheGpuSection) {
  // A README paste (driver 331.67) whose header lines sit two spaces in, except " Attached GPUs"
  // one space left of "  GPU 0000:03:00.0": the GPU section nests under that value line.
  const auto p = parse_as("nvidia-smi-q", read_bytes(kRealWorld / "k20m-default-application-clocks-705-of-758" / "nvidia-smi-q.txt"));
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "Tesla K20m");
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:03:00.0");
  EXPECT_EQ(p.gpus[0].clock_event_reasons, (std::vector<std::string>{"applications-clocks"}));
  EXPECT_EQ(p.software.driver_version, "331.67");
  EXPECT_TRUE(p.warnings.empty()) << p.warnings[0];
  // 331 drivers close a GPU with "Compute Processes", not "Processes": the dump is complete.
  EXPECT_TRUE(p.skipped.empty()) << p.skipped[0];
}

TEST(ImportNvidiaSmiQ, AnInactiveReasonWithNoBitIsNotReportedAsSkipped) {
  // 3xx drivers list "Unknown : Not Active" among the throttle reasons of every dump.
  const auto p = parse_as("nvidia-smi-q", read_bytes(kRealWorld / "k40m-default-application-clocks-745-of-875" / "nvidia-smi-q.txt"));
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].clock_event_reasons, (std::vector<std::string>{"applications-clocks"}));
  for (const auto& s : p.skipped) EXPECT_EQ(s.find("Unknown"), std::string::npos) << s;
  const auto q = parse_as("nvidia-smi-q",
                          "==============NVSMI LOG==============\nGPU 0000:03:00.0\n    Product Name : Tesla K20m\n"
                          "    Clocks Throttle Reasons\n        Idle : Not Active\n        Unknown : Active\n");
  ASSERT_EQ(q.skipped.size(), 1u);
  EXPECT_NE(q.skipped[0].find("line 6: unknown clock event reason \"Unknown\" (active)"), std::string::npos) << q.skipped[0];
}

TEST(ImportNvidiaSmiQ, MigDevicesBecomeSlicesOfTheirBoard) {
  // The layout of 450+ drivers' "MIG devices" section (the text form of the XML <mig_devices> of
  // tests/data/imports/nvidia-smi-xml/smi-xml-a100-sxm4-80gb-mig-535.xml).
  const std::string raw =
      "==============NVSMI LOG==============\nDriver Version : 535.54.03\nAttached GPUs : 1\n"
      "GPU 00000000:07:00.0\n    Product Name : NVIDIA A100-SXM4-80GB\n    GPU UUID : GPU-aaaa\n"
      "    MIG Mode\n        Current : Enabled\n        Pending : Enabled\n"
      "    MIG devices\n        Device 0\n            GPU Instance ID : 3\n            Compute Instance ID : 0\n"
      "            Device Attributes\n                Shared\n                    Multiprocessor count : 14\n"
      "                    Copy Engine count : 1\n            FB Memory Usage\n                Total : 19968 MiB\n"
      "        Device 1\n            GPU Instance ID : 5\n            Compute Instance ID : 0\n"
      "            Device Attributes\n                Shared\n                    Multiprocessor count : 14\n"
      "            FB Memory Usage\n                Total : 19968 MiB\n"
      "    FB Memory Usage\n        Total : 81920 MiB\n";
  const auto p = parse_as("nvidia-smi-q", raw);
  ASSERT_EQ(p.gpus.size(), 3u);  // the board, then its slices
  EXPECT_FALSE(p.gpus[0].mig.is_mig_device);
  EXPECT_EQ(p.gpus[0].mig.mode_enabled, true);
  EXPECT_EQ(p.gpus[0].memory_total_bytes, 81920ull << 20);
  for (std::size_t i = 1; i < p.gpus.size(); ++i) {
    const auto& g = p.gpus[i];
    EXPECT_TRUE(g.mig.is_mig_device);
    EXPECT_EQ(g.mig.mode_enabled, true);
    EXPECT_EQ(g.mig.parent_uuid, "GPU-aaaa");
    EXPECT_EQ(g.sm_count, 14);
    EXPECT_EQ(g.memory_total_bytes, 19968ull << 20);
    EXPECT_EQ(g.pci_bus_id, "00000000:07:00.0");
    EXPECT_EQ(g.index, 0);  // the board's index; merge.cpp gives slices their own
  }
  EXPECT_EQ(p.gpus[1].mig.gpu_instance_id, 3);
  EXPECT_EQ(p.gpus[2].mig.gpu_instance_id, 5);
}

TEST(ImportNvidiaSmiQ, MigDevicesPrintedFlatAreSplitAtEachIndex) {
  const std::string raw =
      "GPU 00000000:07:00.0\n    Product Name : NVIDIA H100 80GB HBM3\n    MIG Mode\n        Current : Enabled\n"
      "    MIG devices\n        Index : 0\n        GPU Instance ID : 1\n        FB Memory Usage\n            Total : 40192 MiB\n"
      "        Index : 1\n        GPU Instance ID : 2\n        FB Memory Usage\n            Total : 40192 MiB\n";
  const auto p = parse_as("nvidia-smi-q", "==============NVSMI LOG==============\n" + raw);
  ASSERT_EQ(p.gpus.size(), 3u);
  EXPECT_EQ(p.gpus[2].mig.gpu_instance_id, 2);
  EXPECT_EQ(p.gpus[2].memory_total_bytes, 40192ull << 20);
}

TEST(ImportNvidiaSmiQ, VgpuGuestAndRepeatedLogs) {
  const std::string one =
      "==============NVSMI LOG==============\nDriver Version : 550.54.15\nCUDA Version : 12.4\n"
      "Attached GPUs : 1\nGPU 00000000:02:00.0\n    Product Name : NVIDIA A10-24Q\n"
      "    GPU Virtualization Mode\n        Virtualization Mode : VGPU\n        Host VGPU Mode : N/A\n"
      "    vGPU Software Licensed Product\n        Product Name : NVIDIA RTX Virtual Workstation\n"
      "        License Status : Licensed (Expiry: 2024-6-1 0:0:0 GMT)\n";
  const auto p = parse_as("nvidia-smi-q", one + "\n" + one);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].virtualization_mode, "vgpu");
  EXPECT_EQ(p.gpus[0].extra["imported"]["vgpu_license_status"], "Licensed (Expiry: 2024-6-1 0:0:0 GMT)");
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("nvidia-smi -q -l"), std::string::npos);
}

TEST(ImportNvidiaSmiQ, ForeignAndHostileInputsNeitherCrashNorClaim) {
  EXPECT_EQ(find_format("nvidia-smi-q")->detect("# nccl-tests\n#  Rank  0 Group  0 Pid 1\n"), 0);
  EXPECT_EQ(find_format("nvidia-smi-q")->detect("<?xml version=\"1.0\" ?>\n<nvidia_smi_log>\n"), 0);
  std::string deep = "==============NVSMI LOG==============\nAttached GPUs : 1\nGPU 00000000:01:00.0\n";
  for (int i = 0; i < 5000; ++i) deep += std::string(static_cast<std::size_t>(i % 400), ' ') + "Key : 1\n";
  const auto p = parse_as("nvidia-smi-q", deep);
  EXPECT_EQ(p.gpus.size(), 1u);
  const auto q = parse_as("nvidia-smi-q", "==============NVSMI LOG==============\n\xff\xfe garbage : : :\n");
  EXPECT_TRUE(q.gpus.empty());
  EXPECT_FALSE(q.skipped.empty());
}

// ---- nvidia-smi -q -x ---------------------------------------------------------------------------

const fs::path kXml = kData / "nvidia-smi-xml";

TEST(ImportNvidiaSmiXml, ACutFileKeepsWhatCameBeforeTheBreak) {
  const std::string raw = read_bytes(kXml / "smi-xml-a100-sxm4-80gb-mig-535.xml");
  // Cut inside the GPU element, after the MIG devices (line 150) and before the power readings.
  const std::string cut = raw.substr(0, raw.find("<gpu_power_readings>"));
  const auto p = parse_as("nvidia-smi-xml", cut);
  ASSERT_EQ(p.gpus.size(), 5u);  // the board and its four slices
  EXPECT_EQ(p.gpus[1].mig.gpu_instance_id, 3);
  EXPECT_FALSE(p.gpus[0].power.limit_w.has_value());
  ASSERT_FALSE(p.skipped.empty());
  EXPECT_NE(p.skipped[0].find("the XML breaks here"), std::string::npos) << p.skipped[0];
  for (std::size_t n = 0; n < raw.size(); n += 397) (void)parse_as("nvidia-smi-xml", raw.substr(0, n));
}

TEST(ImportNvidiaSmiXml, RepeatedLogsAndAPromptLineBeforeTheXml) {
  const std::string raw = read_bytes(kXml / "smi-xml-tesla-t4-515.xml");
  const auto p = parse_as("nvidia-smi-xml", "$ nvidia-smi -q -x -l 1\n" + raw + raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "Tesla T4");
  EXPECT_GT(p.gpus[0].extra["source"]["line"].get<int>(), 1);
  EXPECT_EQ(detected("$ nvidia-smi -q -x\n" + raw), "nvidia-smi-xml");
  const auto garbage = parse_as("nvidia-smi-xml", "<nvidia_smi_log><gpu id=\"x\"><product_name>&bogus;</product_name>");
  EXPECT_FALSE(garbage.skipped.empty());
}

// ---- nvidia-smi --query-gpu CSV -----------------------------------------------------------------

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

// ---- nvidia-smi topo -m -------------------------------------------------------------------------

const fs::path kTopo = kData / "nvidia-smi-topo";

TEST(ImportNvidiaSmiTopo, AnNvswitchBoxIsNotReadAsRowSums) {
  const auto p = parse_as("nvidia-smi-topo", read_bytes(kTopo / "smi-topo-8x-h100-nvswitch-9-nics-excerpt.txt"));
  ASSERT_EQ(p.topology["gpus"].size(), 8u);
  EXPECT_EQ(p.topology["kind"], "nvswitch");
  EXPECT_EQ(p.topology["source"], "nvidia-smi topo -m");
  EXPECT_EQ(p.topology["gpus"][0]["nvlinks_up"], 18);
  EXPECT_EQ(p.topology["pairs"].size(), 28u);
  EXPECT_EQ(p.topology["pairs"][0]["via_nvswitch"], true);
  EXPECT_EQ(p.imported["nvidia-smi-topo"]["nics"][8]["to_gpus"]["GPU0"], "PIX");
  EXPECT_TRUE(p.gpus[0].nvlink.links_up == 0);  // topo -m cannot say links per GPU exactly
}

TEST(ImportNvidiaSmiTopo, DirectLinksSumTheirRowAndACutMatrixSaysSo) {
  const std::string raw = read_bytes(kTopo / "smi-topo-4gpu-nvlink-partial-2-numa.txt");
  const auto p = parse_as("nvidia-smi-topo", raw);
  EXPECT_EQ(p.topology["gpus"][0]["nvlinks_up"], 4);  // NV2 + NV2
  EXPECT_EQ(p.topology["gpus"][1]["nvlinks_up"], 3);  // NV2 + NV1
  const std::string cut = raw.substr(0, raw.find("GPU3\tSYS"));
  const auto q = parse_as("nvidia-smi-topo", cut);
  ASSERT_FALSE(q.skipped.empty());
  EXPECT_NE(q.skipped[0].find("3 of 4 GPU rows"), std::string::npos) << q.skipped[0];
  for (std::size_t n = 0; n < raw.size(); n += 7) (void)parse_as("nvidia-smi-topo", raw.substr(0, n));
}

TEST(ImportNvidiaSmiTopo, HeaderlessRowsWithMoreCellsThanRowsKeepTheAffinityAtTheirEnd) {
  // The real B200 excerpt (vllm-project/vllm#16336): rows GPU0-GPU5 of an 8-GPU, 12-NIC matrix, no
  // header. The cells past GPU5 (GPU6, GPU7, NICs) are no affinity: GPU2's own "SYS SYS" there were
  // read as its CPU and NUMA affinity. Now the affinity is the rows' last three tokens.
  const auto p = parse_as("nvidia-smi-topo", read_bytes(import_test::fixture_dir("nvidia-smi-topo") / "b200-x8-gpu2-no-nvlink-rows-0-5-no-header.txt"));
  ASSERT_EQ(p.gpus.size(), 6u);
  for (const auto& g : p.gpus) {
    const json& im = g.extra.at("imported");
    EXPECT_EQ(im.at("cpu_affinity"), g.index < 4 ? "0-55,112-167" : "56-111,168-223") << g.index;
    EXPECT_EQ(im.at("gpu_numa_id"), "N/A");
    EXPECT_EQ(g.numa_node, g.index < 4 ? 0 : 1);
  }
  bool said = false;
  for (const auto& s : p.skipped) said = said || s.find("14 cells past GPU5") != std::string::npos;
  EXPECT_TRUE(said);
  EXPECT_EQ(p.topology["kind"], "nvlink-partial");  // GPU2 reaches the others over PCIe only
}

TEST(ImportNvidiaSmiTopo, OldSocCellsAndASingleGpu) {
  const auto p = parse_as("nvidia-smi-topo", "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tSOC\t0-11\nGPU1\tSOC\t X \t12-23\n");
  EXPECT_EQ(p.topology["kind"], "pcie");
  EXPECT_EQ(p.topology["pairs"][0]["pcie_path"], "SYS");
  EXPECT_EQ(p.topology["pairs"][0]["label"], "SOC");
  const auto one = parse_as("nvidia-smi-topo", "\tGPU0\tCPU Affinity\tNUMA Affinity\nGPU0\t X \t0-11\t0\n");
  EXPECT_EQ(one.topology["kind"], "single");
  EXPECT_EQ(one.gpus.at(0).numa_node, 0);
  EXPECT_EQ(detected(read_bytes(kQ / "smi-gh200-480gb-550.txt")), "nvidia-smi-q");
  // A terminal capture keeps the underline of the header.
  const std::string ansi = "\t\x1b[4mGPU0\tGPU1\tCPU Affinity\x1b[0m\nGPU0\t X \tPIX\t0-7\nGPU1\tPIX\t X \t0-7\n";
  EXPECT_EQ(detected(ansi), "nvidia-smi-topo");
  EXPECT_EQ(parse_as("nvidia-smi-topo", ansi).topology["pairs"][0]["label"], "PIX");
}

}  // namespace
}  // namespace gpuaudit::imports
