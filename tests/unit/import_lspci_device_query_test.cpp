// The lspci and deviceQuery parsers (src/import/parse_lspci.cpp, parse_device_query.cpp) on the
// layouts a paste has that the real fixtures in tests/data/imports/{lspci,deviceQuery}/ do not
// all show (their values are checked by import_fixtures_test.cpp): older pciutils without the
// (ok)/(downgraded) markers, a domain printed with -D, a slot narrower than the card, lspci without
// root, spaces where a forum ate the tabs, AMD-only listings, the CUDA 4-era multiprocessor line,
// a MIG device; and how they merge with nvidia-smi by PCI bus id. The inline texts are built
// from the formats' printf strings (pciutils ls-caps.c, cuda-samples deviceQuery.cpp), not posts.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"
#include "import/software_errors.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

namespace fs = std::filesystem;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

ImportPart parse(const char* format, const std::string& raw) { return import_test::parse_as(format, raw, "paste.txt"); }

// A root port (slot capped at x8 Gen3 by its wiring) and a GPU below it that can do Gen4 x16,
// in the layout of pciutils 3.7+ with the markers.
const char* kSlotX8 =
    "0000:3a:00.0 PCI bridge [0604]: Intel Corporation Sky Lake-E PCI Express Root Port A [8086:2030] (rev 04) (prog-if 00 [Normal decode])\n"
    "\tBus: primary=3a, secondary=3b, subordinate=3b, sec-latency=0\n"
    "\tCapabilities: [90] Express (v2) Root Port (Slot+), MSI 00\n"
    "\t\tLnkCap:\tPort #5, Speed 8GT/s, Width x8, ASPM not supported\n"
    "\t\tLnkSta:\tSpeed 8GT/s (ok), Width x8 (ok)\n"
    "\t\tLnkCtl2: Target Link Speed: 8GT/s, EnterCompliance- SpeedDis-\n"
    "\n"
    "0000:3b:00.0 3D controller [0302]: NVIDIA Corporation GA100 [A100 PCIe 40GB] [10de:20f1] (rev a1)\n"
    "\tSubsystem: NVIDIA Corporation Device [10de:145f]\n"
    "\tNUMA node: 0\n"
    "\tCapabilities: [78] Express (v2) Endpoint, MSI 00\n"
    "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported\n"
    "\t\tLnkSta:\tSpeed 8GT/s (downgraded), Width x8 (downgraded)\n"
    "\t\tLnkCap2: Supported Link Speeds: 2.5-16GT/s, Crosslink- Retimer+ 2Retimers+ DRS-\n"
    "\t\tLnkCtl2: Target Link Speed: 16GT/s, EnterCompliance- SpeedDis-\n"
    "\tKernel driver in use: nvidia\n"
    "\n"
    "0000:3b:00.1 Audio device [0403]: NVIDIA Corporation Device [10de:1aef] (rev a1)\n"
    "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported\n";

TEST(ImportLspci, TheSlotAboveTheGpuBoundsTheLink) {
  EXPECT_EQ(detected(kSlotX8), "lspci");
  const auto p = parse("lspci", kSlotX8);
  ASSERT_EQ(p.gpus.size(), 1u);  // the audio function is not a GPU
  const GpuInfo& g = p.gpus[0];
  EXPECT_EQ(g.pci_bus_id, "00000000:3B:00.0");
  EXPECT_EQ(g.name, "A100 PCIe 40GB");
  EXPECT_EQ(g.pci_device_id.value_or(""), "10de:20f1");
  EXPECT_EQ(g.pci_subsystem_id.value_or(""), "10de:145f");
  EXPECT_EQ(g.numa_node.value_or(-1), 0);
  EXPECT_EQ(g.pcie.gen_gpu_max.value_or(0), 4);  // the card's own LnkCap
  EXPECT_EQ(g.pcie.gen_max.value_or(0), 3);      // with the slot's: the link's
  EXPECT_EQ(g.pcie.width_max.value_or(0), 8);
  EXPECT_EQ(g.pcie.gen_now.value_or(0), 3);
  EXPECT_EQ(g.pcie.width_now.value_or(0), 8);
  EXPECT_EQ(g.pcie.extra["lnksta"]["width_marker"], "downgraded");
  EXPECT_EQ(g.pcie.extra["upstream_port"]["bus_id"], "00000000:3A:00.0");
  EXPECT_EQ(g.extra["kernel_driver"], "nvidia");
}

TEST(ImportLspci, AThirtyTwoBitDomainIsReadWithoutOverflow) {
  // The fuzzer's find: "ffffffff:" overflowed a signed accumulator (UBSan). VMD and Hyper-V give
  // domains beyond 0xffff; all 8 hex digits must come back as printed.
  const std::string raw =
      "ffffffff:01:00.0 3D controller: NVIDIA Corporation GA100 [A100 PCIe 40GB] (rev a1)\n"
      "\tSubsystem: NVIDIA Corporation Device 145f\n";
  const auto p = parse("lspci", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "FFFFFFFF:01:00.0");
}

TEST(ImportLspci, OldPciutilsWithoutMarkersAndWithoutTheSlot) {
  // pciutils before 3.7: no (ok)/(downgraded); the flags on the LnkSta line itself.
  const std::string raw =
      "$ sudo lspci -vv -s 01:00.0\n"
      "01:00.0 VGA compatible controller: NVIDIA Corporation GP102 [TITAN X] (rev a1) (prog-if 00 [VGA controller])\n"
      "\tSubsystem: NVIDIA Corporation GP102 [TITAN X]\n"
      "\t\tLnkCap:\tPort #0, Speed 8GT/s, Width x16, ASPM L0s L1, Exit Latency L0s <512ns, L1 <4us\n"
      "\t\tLnkSta:\tSpeed 2.5GT/s, Width x16, TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-\n";
  EXPECT_EQ(detected(raw), "lspci");
  const auto p = parse("lspci", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:01:00.0");
  EXPECT_EQ(p.gpus[0].name, "TITAN X");
  EXPECT_FALSE(p.gpus[0].pci_device_id.has_value());  // no -nn, and the name is known
  EXPECT_EQ(p.gpus[0].pcie.gen_gpu_max.value_or(0), 3);
  EXPECT_FALSE(p.gpus[0].pcie.gen_max.has_value());  // the slot is not in the paste
  EXPECT_EQ(p.gpus[0].pcie.width_max.value_or(0), 16);
  EXPECT_EQ(p.gpus[0].pcie.gen_now.value_or(0), 1);
  EXPECT_EQ(p.gpus[0].pcie.width_now.value_or(0), 16);
  bool said = false;
  for (const auto& w : p.warnings) said |= w.find("port above the GPU") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(ImportLspci, SpacesForTabsAndAnUnnamedDevice) {
  // A forum that turned tabs into spaces; pci.ids too old for the card ("Device 2684").
  const std::string raw =
      "01:00.0 VGA compatible controller: NVIDIA Corporation Device 2684 (rev a1) (prog-if 00 [VGA controller])\n"
      "        Subsystem: Gigabyte Technology Co., Ltd Device 40bf\n"
      "                LnkCap: Port #0, Speed 16GT/s, Width x16, ASPM L1, Exit Latency L1 <64us\n"
      "                LnkSta: Speed 5GT/s (downgraded), Width x1 (downgraded)\n";
  const auto p = parse("lspci", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].pci_device_id.value_or(""), "10de:2684");
  EXPECT_EQ(p.gpus[0].pcie.gen_now.value_or(0), 2);
  EXPECT_EQ(p.gpus[0].pcie.width_now.value_or(0), 1);
}

TEST(ImportLspci, WithoutRootTheLinkIsMissingAndSaidSo) {
  const std::string raw =
      "3b:00.0 3D controller [0302]: NVIDIA Corporation GA100 [A100 SXM4 80GB] [10de:20b2] (rev a1)\n"
      "\tSubsystem: NVIDIA Corporation Device [10de:1463]\n"
      "\tCapabilities: <access denied>\n"
      "\tKernel driver in use: nvidia\n";
  const auto p = parse("lspci", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_FALSE(p.gpus[0].pcie.gen_now.has_value());
  bool said = false;
  for (const auto& w : p.warnings) said |= w.find("without root") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(ImportLspci, NoNvidiaGpuIsNothingAndIsNotStolen) {
  const std::string amd =
      "03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 21 [1002:73bf] (rev c1)\n"
      "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16\n"
      "\t\tLnkSta:\tSpeed 16GT/s (ok), Width x16 (ok)\n";
  EXPECT_EQ(detected(amd), "lspci");  // it is lspci, with nothing for gpuaudit in it
  const auto p = parse("lspci", amd);
  EXPECT_TRUE(p.gpus.empty());
  ASSERT_FALSE(p.skipped.empty());
  EXPECT_NE(p.skipped[0].find("no NVIDIA GPU"), std::string::npos);
  // A plain listing without NVIDIA is not claimed at all.
  EXPECT_EQ(detected("00:00.0 Host bridge: Intel Corporation 440FX - 82441FX PMC [Natoma] (rev 02)\n"), "");
}

TEST(ImportLspci, ABusIdWithAndWithoutDomainMergesWithNvidiaSmi) {
  // nvidia-smi's "00000000:3B:00.0", lspci's "3b:00.0" (no -D) and deviceQuery's decimal "0 / 59 / 0"
  // name one GPU: the document keeps one, nvidia-smi's name, lspci's upstream port.
  ResultDocument doc;
  ImportPart smi;
  smi.format = "nvidia-smi-q";
  GpuInfo s;
  s.index = 2;
  s.name = "NVIDIA A100-PCIE-40GB";
  s.pci_bus_id = "00000000:3B:00.0";
  s.pcie.gen_now = 4;
  s.pcie.gen_max = 4;
  s.pcie.gen_gpu_max = 4;
  s.pcie.width_now = 16;
  s.pcie.width_max = 16;
  smi.gpus.push_back(s);
  merge_part(doc, smi);
  merge_part(doc, parse("lspci", kSlotX8));
  const std::string dq =
      "Device 0: \"NVIDIA A100-PCIE-40GB\"\n"
      "  CUDA Capability Major/Minor version number:    8.0\n"
      "  (108) Multiprocessors, (064) CUDA Cores/MP:    6912 CUDA Cores\n"
      "  Device PCI Domain ID / Bus ID / location ID:   0 / 59 / 0\n";
  auto dqp = parse("deviceQuery", dq);
  dqp.format = "deviceQuery";
  merge_part(doc, dqp);
  ASSERT_EQ(doc.gpus.size(), 1u);
  const GpuInfo& g = doc.gpus[0];
  EXPECT_EQ(g.index, 2);
  EXPECT_EQ(g.name, "NVIDIA A100-PCIE-40GB");  // not lspci's "A100 PCIe 40GB"
  EXPECT_EQ(g.pcie.width_now.value_or(0), 16);  // nvidia-smi's snapshot stays whole
  EXPECT_EQ(g.pcie.gen_max.value_or(0), 4);
  EXPECT_EQ(g.pci_device_id.value_or(""), "10de:20f1");  // what nvidia-smi left unset is filled
  EXPECT_EQ(g.sm_count.value_or(0), 108);
  EXPECT_EQ(g.compute_capability.value_or(""), "8.0");
  EXPECT_TRUE(g.pcie.extra.contains("upstream_port"));
}

TEST(ImportDeviceQuery, TheOldMultiprocessorLineAndGpuClockRate) {
  // CUDA 4-5 samples: "14 Multiprocessors x ( 32) CUDA Cores/MP", "GPU Clock rate", the old
  // two-number PCI line.
  const std::string raw =
      "./deviceQuery Starting...\n\n"
      " CUDA Device Query (Runtime API) version (CUDART static linking)\n\n"
      "Found 1 CUDA Capable device(s)\n\n"
      "Device 0: \"Tesla C2050\"\n"
      "  CUDA Driver Version / Runtime Version          4.2 / 4.2\n"
      "  CUDA Capability Major/Minor version number:    2.0\n"
      "  Total amount of global memory:                 2687 MBytes (2817982464 bytes)\n"
      "  (14) Multiprocessors x ( 32) CUDA Cores/MP:    448 CUDA Cores\n"
      "  GPU Clock rate:                                1147 MHz (1.15 GHz)\n"
      "  Device PCI Bus ID / PCI location ID:           2 / 0\n"
      "  Compute Mode:\n"
      "     < Exclusive Process (many threads in one process is able to use ::cudaSetDevice() with this device) >\n";
  EXPECT_EQ(detected(raw), "deviceQuery");
  const auto p = parse("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const GpuInfo& g = p.gpus[0];
  EXPECT_EQ(g.sm_count.value_or(0), 14);
  EXPECT_EQ(g.clocks.sm_max_mhz.value_or(0), 1147);
  EXPECT_EQ(g.compute_capability.value_or(""), "2.0");
  EXPECT_EQ(g.memory_total_bytes.value_or(0), 2817982464u);
  EXPECT_EQ(g.pci_bus_id, "00000000:02:00.0");
  EXPECT_EQ(g.compute_mode.value_or(""), "exclusive-process");
  EXPECT_EQ(p.software.cuda_driver_version.value_or(0), 4020);
}

TEST(ImportDeviceQuery, AMigDeviceIsASliceWithItsOwnSmCount) {
  const std::string raw =
      "Detected 1 CUDA Capable device(s)\n\n"
      "Device 0: \"NVIDIA A100-SXM4-40GB MIG 1g.5gb\"\n"
      "  CUDA Driver Version / Runtime Version          11.4 / 11.4\n"
      "  CUDA Capability Major/Minor version number:    8.0\n"
      "  (14) Multiprocessors, (064) CUDA Cores/MP:     896 CUDA Cores\n"
      "Result = PASS\n";
  const auto p = parse("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(p.gpus[0].mig.is_mig_device);
  EXPECT_EQ(p.gpus[0].mig.profile.value_or(""), "1g.5gb");
  EXPECT_EQ(p.gpus[0].sm_count.value_or(0), 14);
}

TEST(ImportDeviceQuery, ErrorOutputsAreEvidenceNotBadInput) {
  const fs::path f = kData / "deviceQuery" / "error35-tensorflow-990.txt";
  const ResultDocument doc = import_files({f.string()}, {}, nullptr);
  ASSERT_TRUE(doc.extra.contains("software_errors"));
  EXPECT_EQ(doc.extra["software_errors"][0]["kind"], "driver-too-old");
  EXPECT_TRUE(doc.gpus.empty());
  // An unknown error (999) is recorded, not refused: the document says what deviceQuery said.
  const ResultDocument d999 = import_files({(kData / "deviceQuery" / "error999-cuda-samples-13.txt").string()}, {}, nullptr);
  EXPECT_EQ(d999.extra["imported"]["deviceQuery"]["error_code"], 999);
  // It is read (cudaErrorUnknown), classed as saying nothing about the machine: no software finding.
  for (const auto& e : d999.extra.value("software_errors", json::array())) EXPECT_EQ(e.value("class", ""), "unknown") << e.dump();
  // Error 3 (cudaErrorInitializationError) and 100 (no device) as the samples print them.
  const auto e3 = find_software_errors("cudaGetDeviceCount returned 3\n-> initialization error\nResult = FAIL\n", "dq.txt");
  ASSERT_EQ(e3.size(), 1u);
  EXPECT_EQ(e3[0].kind, "cuda-init-failed");
  EXPECT_EQ(e3[0].line, 2);
  const auto e100 = find_software_errors("cudaGetDeviceCount returned 100\n-> no CUDA-capable device is detected\n", "dq.txt");
  ASSERT_EQ(e100.size(), 1u);
  EXPECT_EQ(e100[0].kind, "no-device");
  EXPECT_TRUE(find_software_errors("an initialization error in the config parser\n", "log.txt").empty());
}

TEST(ImportDeviceQuery, NeitherFormatStealsTheOthersOrBandwidthTest) {
  EXPECT_EQ(detected(read_bytes(kData / "deviceQuery" / "gls-gtx680.txt")), "deviceQuery");  // deviceQueryDrv
  EXPECT_EQ(detected(read_bytes(kData / "lspci" / "gpud-a10-nn-listing.txt")), "lspci");
  for (const char* other : {"bandwidthTest", "p2pBandwidthLatencyTest", "nvidia-smi-q", "nvidia-smi-topo"})
    for (const auto& e : fs::directory_iterator(kData / other)) {
      if (e.path().extension() == ".json") continue;
      const std::string got = detected(read_bytes(e.path()));
      EXPECT_NE(got, "lspci") << e.path();
      EXPECT_NE(got, "deviceQuery") << e.path();
    }
}

// ---- scoring what lspci shows --------------------------------------------------------------------

const BaselineSet& baselines() {
  static const BaselineSet set = load_baselines(default_baselines_dir());
  return set;
}

bool has_finding(const Assessment& a, const std::string& id) {
  return std::any_of(a.findings.begin(), a.findings.end(), [&](const Finding& f) { return f.id == id; });
}

// The slot in kSlotX8, wired x16 Gen4 instead: what lspci adds to a log that has no "Max".
std::string slot_x16_gen4() {
  std::string t = kSlotX8;
  for (auto [from, to] : {std::pair<std::string, std::string>{"Speed 8GT/s, Width x8, ASPM not supported", "Speed 16GT/s, Width x16, ASPM not supported"},
                          {"Target Link Speed: 8GT/s", "Target Link Speed: 16GT/s"}})
    t.replace(t.find(from), from.size(), to);
  return t;
}

// A --query-gpu log under load that carries the link columns but no pcie.link.*.max.
ImportPart busy_log(int gen, int width) {
  ImportPart p;
  p.format = "nvidia-smi-csv";
  GpuInfo g;
  g.index = 0;
  g.name = "NVIDIA A100-PCIE-40GB";
  g.pci_bus_id = "00000000:3B:00.0";
  p.gpus.push_back(g);
  std::vector<TimelineSample> samples;
  for (int i = 0; i < 10; ++i) {
    TimelineSample s;
    s.t_s = i;
    s.gpu_util_pct = 100;
    s.sm_clock_mhz = 1410;
    s.power_w = 240;
    s.pcie_gen = gen;
    s.pcie_width = width;
    samples.push_back(s);
  }
  p.timelines.push_back({0, samples});
  return p;
}

Assessment score(const ResultDocument& doc) {
  return assess(doc, reference_lookup(baselines()), baselines().version, Thresholds{});
}

TEST(ImportLspciScoring, AnIdleGen1LinkIsNeverPcieDegraded) {
  // lspci alone (2.5GT/s, "downgraded" at idle): no load, nothing judged.
  const std::string raw =
      "3b:00.0 3D controller [0302]: NVIDIA Corporation GA100 [A100 PCIe 40GB] [10de:20f1] (rev a1)\n"
      "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported\n"
      "\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x16 (ok)\n";
  ResultDocument doc;
  merge_part(doc, parse("lspci", raw));
  const Assessment a = score(doc);
  EXPECT_FALSE(has_finding(a, "pcie-degraded"));
  // The same idle snapshot next to a busy log at Gen4 x16: healthy link, still no pcie-degraded.
  ResultDocument both;
  merge_part(both, busy_log(4, 16));
  merge_part(both, parse("lspci", raw));
  EXPECT_FALSE(has_finding(score(both), "pcie-degraded"));
}

TEST(ImportLspciScoring, TheSlotFromLspciJudgesALinkSeenUnderLoad) {
  // The slot can do Gen4 x16 (lspci's upstream port), the log shows Gen3 x8 under load: degraded.
  ResultDocument doc;
  merge_part(doc, busy_log(3, 8));
  merge_part(doc, parse("lspci", slot_x16_gen4()));
  ASSERT_EQ(doc.gpus.size(), 1u);
  EXPECT_EQ(doc.gpus[0].pcie.gen_max.value_or(0), 4);
  EXPECT_TRUE(has_finding(score(doc), "pcie-degraded"));
  // A slot wired x8 Gen3 is the host's design: at Gen3 x8 the link gives what card and slot can.
  ResultDocument x8;
  merge_part(x8, busy_log(3, 8));
  merge_part(x8, parse("lspci", kSlotX8));
  EXPECT_EQ(x8.gpus[0].pcie.gen_max.value_or(0), 3);
  EXPECT_FALSE(has_finding(score(x8), "pcie-degraded"));
}

}  // namespace
}  // namespace gpuaudit::imports
