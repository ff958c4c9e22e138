// Unit tests of the nvidia-smi -q parser (src/import/formats/parse_nvidia_smi_q.cpp).
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

TEST(ImportNvidiaSmiQ, BlocksQuotedWithoutTheirGpuLineBelongToTheOneGpuOrMakeOne) {
  // The throttle block as l4rz's C4130 notes quote it (github.com/l4rz/reverse-engineering-dell-
  // idrac-to-get-rid-of-gpu-throttling), without the "GPU <bus id>" line above it.
  const std::string block =
      "Clocks Throttle Reasons\n"
      "    Idle                              : Not Active\n"
      "    SW Power Cap                      : Not Active\n"
      "    HW Slowdown                       : Active\n"
      "        HW Thermal Slowdown           : Not Active\n"
      "        HW Power Brake Slowdown       : Active\n"
      "\n"
      "Clocks\n"
      "    Graphics                          : 382 MHz\n"
      "    SM                                : 382 MHz\n";
  EXPECT_EQ(detected(block), "nvidia-smi-q");
  const auto alone = parse_as("nvidia-smi-q", block);
  ASSERT_EQ(alone.gpus.size(), 1u);
  EXPECT_EQ(alone.gpus[0].pci_bus_id, "");
  EXPECT_NE(std::find(alone.gpus[0].clock_event_reasons.begin(), alone.gpus[0].clock_event_reasons.end(), "hw-power-brake"),
            alone.gpus[0].clock_event_reasons.end());
  ASSERT_FALSE(alone.warnings.empty());
  EXPECT_NE(alone.warnings[0].find("without their \"GPU <bus id>\" line"), std::string::npos);
  // Beside one GPU's section further down (the same page quotes its identity): that GPU's.
  const std::string one = block + "\nnvidia-smi -q\n...\nGPU 00000000:1E:00.0\n    Product Name                    : Tesla V100-SXM2-32GB\n";
  const auto joined = parse_as("nvidia-smi-q", one);
  ASSERT_EQ(joined.gpus.size(), 1u);
  EXPECT_EQ(joined.gpus[0].name, "Tesla V100-SXM2-32GB");
  EXPECT_FALSE(joined.gpus[0].clock_event_reasons.empty());
  // Beside two GPUs whose it is cannot be told: said, not guessed.
  const std::string two = one + "GPU 00000000:1F:00.0\n    Product Name                    : Tesla V100-SXM2-32GB\n";
  const auto both = parse_as("nvidia-smi-q", two);
  ASSERT_EQ(both.gpus.size(), 2u);
  EXPECT_TRUE(both.gpus[0].clock_event_reasons.empty());
  ASSERT_FALSE(both.skipped.empty());
  EXPECT_NE(both.skipped[0].find("cannot be told"), std::string::npos);
  // Prose with a "Clocks" heading is not a block.
  EXPECT_NE(detected("Clocks\nare what we talk about here\n"), "nvidia-smi-q");
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

}  // namespace
}  // namespace gpuaudit::imports
