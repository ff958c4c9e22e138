// Unit tests of the lspci -vvv parser (src/import/formats/parse_lspci.cpp): NVIDIA GPUs, their link and the
// slot above them.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/errors/software_errors.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

// The fixture's bytes up to and including the first `through` in them ("" when it is not there).
std::string cut_through(const std::string& format, const std::string& file, const std::string& through) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir(format) / file);
  const auto at = raw.find(through);
  return at == std::string::npos ? std::string() : raw.substr(0, at + through.size());
}

TEST(ImportCutMidLine, LspciLineCutInsideItsIdPair) {
  const std::string raw = cut_through("lspci", "gpud-a100-x8-azure-nn-listing.txt",
                                      "000b:00:00.0 3D controller [0302]: NVIDIA Corporation GA100 [A100 SXM4 80GB] [10de:");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("lspci", raw);
  const GpuInfo* last = nullptr;
  for (const auto& g : p.gpus)
    if (g.pci_bus_id == "0000000B:00:00.0") last = &g;
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->name, "A100 SXM4 80GB");  // the name before the cut id, not "... [10de:"
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;
namespace fs = std::filesystem;

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

// -nn on a pci.ids without the model (tests/data/real-world/qubes-dom0-rtx5070-lspci-device-2f04-excerpt).
TEST(ImportLspci, AnUnnamedDeviceWithItsIdIsNamedByNoneButTheId) {
  const auto p = parse("lspci", "01:00.0 VGA compatible controller [0300]: NVIDIA Corporation Device [10de:2f04] (rev a1)\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "");
  EXPECT_EQ(p.gpus[0].pci_device_id.value_or(""), "10de:2f04");
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
  EXPECT_EQ(p.gpus[0].name, "");  // "NVIDIA Corporation Device 2684" names no model: its PCI id does
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
  // Its display controller is kept and said: no NVIDIA GPU answers on this bus.
  ASSERT_FALSE(p.warnings.empty());
  EXPECT_NE(p.warnings[0].find("no NVIDIA GPU"), std::string::npos);
  EXPECT_EQ(p.imported["lspci"]["display_controllers"].size(), 1u);
  // A laptop's `lspci | grep VGA` with only its Intel iGPU (envycontrol #198, FRESH-2026-12-128, as
  // posted): claimed, and the NVIDIA GPU is said to be missing from the bus.
  const std::string intel = "00:02.0 VGA compatible controller: Intel Corporation Alder Lake-P GT2 [Iris Xe Graphics] (rev 0c)\n";
  EXPECT_EQ(detected(intel), "lspci");
  EXPECT_NE(parse("lspci", intel).warnings.at(0).find("powered off"), std::string::npos);
  // A GPU whose config space reads all ones (optimus-manager #334's 940MX, FRESH-2026-12-128, its lines
  // as posted): said not to answer on the bus.
  const auto off = parse("lspci", "01:00.0 3D controller: NVIDIA Corporation GM108M [GeForce 940MX] (rev ff) (prog-if ff)\n"
                                  "\t!!! Unknown header type 7f\n");
  ASSERT_EQ(off.gpus.size(), 1u);
  EXPECT_EQ(off.imported["lspci"]["not_answering"].size(), 1u);
  bool said = false;
  for (const auto& w : off.warnings) said |= w.find("does not answer on the bus") != std::string::npos;
  EXPECT_TRUE(said);
  // A plain listing without a display controller is not claimed at all.
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
