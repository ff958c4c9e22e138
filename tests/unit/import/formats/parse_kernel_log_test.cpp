// Unit tests of the kernel log parser (src/import/formats/parse_kernel_log.cpp): NVRM Xids,
// fallen-off-the-bus and AER lines, and how they are scored.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/import_test_support.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;
namespace fs = std::filesystem;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

ImportPart parse(const std::string& format, const std::string& raw) { return import_test::parse_as(format, raw, "in.txt"); }

Assessment score(const ResultDocument& doc) { return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}); }

bool has(const Assessment& a, const std::string& id, std::optional<int> gpu = std::nullopt) {
  return std::any_of(a.findings.begin(), a.findings.end(),
                     [&](const Finding& f) { return f.id == id && (!gpu || f.gpu == gpu); });
}

std::string ids(const Assessment& a) {
  std::string s;
  for (const auto& f : a.findings) s += f.id + "(" + (f.gpu ? std::to_string(*f.gpu) : std::string("-")) + ") ";
  return s;
}

std::vector<std::string> notes(const Assessment& a) {
  std::vector<std::string> out;
  if (a.extra.is_object() && a.extra.contains("notes"))
    for (const auto& n : a.extra["notes"]) out.push_back(n.get<std::string>());
  return out;
}

TEST(ImportKernelLog, ADmesgWithoutNvidiaIsNotAKernelLogOfInterest) {
  const std::string raw =
      "[    0.000000] Linux version 6.8.0-51-generic (buildd@lcy02-amd64-014)\n"
      "[    1.234567] pcieport 0000:00:1c.0: AER: Corrected error received: 0000:02:00.0\n"
      "[    2.000000] EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode.\n";
  EXPECT_EQ(detected(raw), "");
  EXPECT_EQ(find_format("kernel-log")->detect(normalize_text(raw)), 0);
}

TEST(ImportKernelLog, TheThreeLineFallenOffTheBusBelongsToTheAddressBeforeIt) {
  const auto p = parse("kernel-log", read_bytes(kData / "kernel-log" / "dmesg-fallen-off-bus-three-line-570.txt"));
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "0000:b3:00.0");
  const auto ev = kernel_events(p.gpus[0]);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, "fallen-off-bus");
  EXPECT_EQ(ev[0].line, 3);
}

TEST(ImportKernelLog, XidFieldsAndBothTimeStamps) {
  const std::string raw =
      "Dec  2 10:43:35 worker4 kernel: [240314.528856] NVRM: Xid (PCI:0000:07:00): 79, pid=1101234, name=nvc:[driver], "
      "GPU has fallen off the bus.\n"
      "[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception\n"
      "[   14.1] NVRM: Xid (0000:03:00): 14, Channel 00000001\n";
  const auto p = parse("kernel-log", raw);
  ASSERT_EQ(p.gpus.size(), 3u);
  auto a = kernel_events(p.gpus[0]);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].xid, 79);
  EXPECT_EQ(a[0].time, "Dec  2 10:43:35");
  EXPECT_DOUBLE_EQ(*a[0].uptime_s, 240314.528856);
  EXPECT_EQ(a[0].pid, 1101234);
  EXPECT_EQ(a[0].process, "nvc:[driver]");
  EXPECT_EQ(a[0].message, "GPU has fallen off the bus.");
  auto b = kernel_events(p.gpus[1]);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].time, "Fri Aug 30 11:43:09 2024");
  EXPECT_FALSE(b[0].pid.has_value());
  EXPECT_EQ(b[0].process, "");
  EXPECT_EQ(p.gpus[2].pci_bus_id, "0000:03:00.0");  // the old form without "PCI:"
}

// A paste retyped by hand without the driver's colon (a forum post of xmr-stak's Xid 32) is read as
// the driver's line, with a warning that says so; other lines' " : " are left alone.
TEST(ImportKernelLog, ARetypedXidWithoutTheColonIsStillAnXid) {
  const std::string raw =
      "[12146.826127] NVRM Xid (PCI:0000:0b:00) : 32, Channel ID 00000009 intr 00008000\n"
      "[12146.827000] usb 1-1 (hub) : reset\n";
  EXPECT_EQ(import_test::detected(raw), "kernel-log");
  const auto p = parse("kernel-log", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "0000:0b:00.0");
  const auto ev = kernel_events(p.gpus[0]);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].xid, 32);
  EXPECT_EQ(ev[0].line, 1);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("retyped"), std::string::npos);
}

TEST(ImportKernelLog, DmesgHumanAndRelativeStampsAreStampsNotMessages) {
  // dmesg -H / --reltime: "[Jan 2 10:48] " on a minute's first line, "[  +0.000316] " after it.
  const std::string raw =
      "[Jan 2 10:48] NVRM: Xid (PCI:0000:83:00): 79, GPU has fallen off the bus.\n"
      "[  +0.000316] nvidia 0000:83:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)\n";
  const auto p = parse("kernel-log", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const auto ev = kernel_events(p.gpus[0]);
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].time, "Jan 2 10:48");
  EXPECT_EQ(ev[1].kind, "pcie-aer");  // said by the nvidia driver: the message starts after the stamp
  EXPECT_FALSE(ev[1].uptime_s.has_value());  // a relative stamp is not the time since boot
}

TEST(ImportKernelLog, AerLinesCountOnlyForAGpu) {
  const std::string raw =
      "[  5.0] NVRM: Xid (PCI:0000:83:00): 79, GPU has fallen off the bus.\n"
      "[  6.0] nvidia 0000:83:00.0: PCIe Bus Error: severity=Correctable, type=Data Link Layer, (Transmitter ID)\n"
      "[  7.0] pcieport 0000:00:1d.0: AER: Corrected error received: 0000:05:00.0\n";
  const auto p = parse("kernel-log", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const auto ev = kernel_events(p.gpus[0]);
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[1].kind, "pcie-aer");
}

TEST(ImportKernelLog, GarbageNeverThrows) {
  for (const char* s : {"NVRM: Xid (", "NVRM: Xid (PCI:0000:zz:00): 99999999999999, x", "NVRM: Xid (PCI:0000:01:00):", "[ NVRM:",
                        "NVRM: GPU at PCI:0000:01:00: GPU-", "NVRM: The NVIDIA GPU 0000:01:00.0\nNVRM: fallen off the bus"})
    EXPECT_NO_THROW(parse("kernel-log", s)) << s;
}

TEST(ScoreKernelLog, FallenOffTheBusIsAGpuFault) {
  ImportReport rep;
  const auto doc = import_files({(kData / "kernel-log" / "dmesg-fallen-off-bus-three-line-570.txt").string()}, {}, &rep);
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "gpu-fault", 0)) << ids(a);
  EXPECT_FALSE(has(a, "healthy")) << ids(a);
  EXPECT_EQ(assessment_exit_code(a), 1);
}

TEST(ScoreKernelLog, ResetRequiredAfterAGspFaultIsAGpuFault) {
  const auto doc = import_files({(kData / "kernel-log" / "journalctl-xid120-xid154-gpu-burn.txt").string()}, {}, nullptr);
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "gpu-fault", 0)) << ids(a);
  for (const auto& f : a.findings)
    if (f.id == "gpu-fault") EXPECT_EQ(f.confidence, "high");
}

TEST(ScoreKernelLog, ApplicationXidsAreNotesNotFindings) {
  const auto doc = import_files({(kData / "kernel-log" / "journalctl-k-xid45-after-xid149-145.txt").string()}, {}, nullptr);
  const auto a = score(doc);
  EXPECT_FALSE(has(a, "gpu-fault")) << ids(a);
  EXPECT_FALSE(has(a, "memory-degraded")) << ids(a);
  const auto n = notes(a);
  EXPECT_TRUE(std::any_of(n.begin(), n.end(), [](const std::string& s) { return s.find("Xid 45") != std::string::npos; }));
}

TEST(ScoreKernelLog, RowRemapXidIsMemoryEvidence) {
  const auto doc = import_files({(kData / "kernel-log" / "stas00-a100-xid63-row-remap.txt").string()}, {}, nullptr);
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "memory-degraded", 0)) << ids(a);
}

TEST(ScoreKernelLog, AnAdapterTheBrokenDriverCouldNotStartIsSoftware) {
  const auto doc = import_files({(kData / "kernel-log" / "dmesg-api-mismatch-gsp-firmware-missing.txt").string()}, {}, nullptr);
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "software")) << ids(a);
  EXPECT_FALSE(has(a, "gpu-fault")) << ids(a);
}

TEST(ScoreKernelLog, RecoveryActionBackToNoneIsNoFault) {
  const std::string raw = "[ 9.0] NVRM: Xid (PCI:0000:01:00): 154, GPU recovery action changed from 0x1 (GPU Reset Required) to 0x0 (None)\n";
  ImportPart p = parse("kernel-log", raw);
  ResultDocument doc;
  merge_part(doc, std::move(p));
  const auto a = score(doc);
  EXPECT_FALSE(has(a, "gpu-fault")) << ids(a);
}

TEST(ScoreKernelLog, BlackwellNvlinkXidsAreNvlinkEvidence) {
  // Synthetic line in the layout of the real Xid lines above; 144-150 are NVIDIA's NVLink5 Xids.
  const std::string raw = "[ 81.2] NVRM: Xid (PCI:0000:1b:00): 149, NETIR_LINK_EVT Fatal XC0 i0 Link 04 (0x021425c6 0x00000000)\n";
  ImportPart p = parse("kernel-log", raw);
  ResultDocument doc;
  merge_part(doc, std::move(p));
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "nvlink-degraded", 0)) << ids(a);
  EXPECT_FALSE(has(a, "gpu-fault")) << ids(a);
}

}  // namespace
}  // namespace gpuaudit::imports
