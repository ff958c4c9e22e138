// The kernel-log and gpu-burn importers (src/import/parse_kernel_log.cpp, parse_gpu_burn.cpp) on
// the real outputs in tests/data/imports/kernel-log/ and gpu-burn/ (values there are checked by
// import_fixtures_test.cpp), on the damage a paste has, and what the scorer makes of them:
// a GPU that fell off the bus is gpu-fault, a memory Xid memory-degraded, an application Xid a
// note only, gpu-burn's FAULTY wrong-results, a dmesg without a word from NVIDIA not a kernel log.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"
#include "import/importer.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
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

// ---- kernel log ----------------------------------------------------------------------------------

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

TEST(ScoreStoppedRows, AMeasurementThatStoppedIsANoteNamingItsError) {
  // A real nccl-tests paste (NVIDIA/nccl-tests #5, fixture) that stopped before its first row.
  const auto doc = import_files({(kData / "nccl-tests" / "p100-x8-nccl1-unhandled-cuda-error.txt").string()}, {}, nullptr);
  const auto a = score(doc);
  const auto n = notes(a);
  EXPECT_TRUE(std::any_of(n.begin(), n.end(), [](const std::string& s) {
    return s.find("nccl/allreduce has no figure: it stopped with an error") != std::string::npos &&
           s.find("unhandled cuda error") != std::string::npos && s.find("line 16") != std::string::npos;
  })) << (n.empty() ? std::string("no notes") : n.front());
  EXPECT_EQ(assessment_exit_code(a), 6);  // still inconclusive: a tool's failure is not the card's
}

// ---- gpu-burn ------------------------------------------------------------------------------------

TEST(ImportGpuBurn, ReportsLostTheirCarriageReturnsAreSplit) {
  const auto p = parse("gpu-burn", read_bytes(kData / "gpu-burn" / "superbench-a100-sxm4-80gb-x8-doubles-tc.log"));
  EXPECT_TRUE(p.skipped.empty()) << p.skipped.front();
  ASSERT_GE(p.benchmarks.size(), 8u);
  for (const auto& b : p.benchmarks) {
    EXPECT_EQ(b.name, "gpu_burn/gflops");
    EXPECT_EQ(b.status, "ok") << b.message;
    EXPECT_FALSE(b.samples.empty());
  }
}

TEST(ImportGpuBurn, TheFirstReportOfAWorkerIsItsStartUp) {
  const auto p = parse("gpu-burn", read_bytes(kData / "gpu-burn" / "rtx4090-x2-floats.txt"));
  ASSERT_EQ(p.benchmarks.size(), 2u);
  EXPECT_EQ(p.benchmarks[0].samples, (std::vector<double>{52502, 52371, 52045}));
  EXPECT_EQ(p.benchmarks[1].samples, (std::vector<double>{51733, 52472, 51946}));
  ASSERT_EQ(p.timelines.size(), 2u);
  EXPECT_DOUBLE_EQ(*p.timelines[0].second.front().t_s, 3.0);  // 30% of 10 s
}

TEST(ImportGpuBurn, ADeadWorkerIsNotWrongResults) {
  const auto doc = import_files({(kData / "gpu-burn" / "k80-x4-worker-died.txt").string()}, {}, nullptr);
  for (const auto& b : doc.benchmarks) EXPECT_NE(b.name, "gpu_burn/errors");
  const auto a = score(doc);
  EXPECT_FALSE(has(a, "wrong-results")) << ids(a);
}

TEST(ScoreGpuBurn, FaultyIsWrongResults) {
  const std::string raw =
      "Burning for 20 seconds.\n"
      "GPU 0: NVIDIA GeForce RTX 3090 (UUID: GPU-11111111-2222-3333-4444-555555555555)\n"
      "50.0%  proc'd: 100 (30000 Gflop/s)   errors: 0   temps: 60 C \n"
      "100.0%  proc'd: 200 (30100 Gflop/s)   errors: 12  (WARNING!)  temps: 61 C \n"
      "Tested 1 GPUs:\n\tGPU 0: FAULTY\n";
  ImportPart p = parse("gpu-burn", raw);
  ResultDocument doc;
  merge_part(doc, std::move(p));
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "wrong-results", 0)) << ids(a);
  const auto* w = doc.find("gpu_burn/errors", 0);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->params["output_check"]["mismatches"], 12);
}

TEST(ScoreGpuBurn, ARateThatFallsOverTheRunIsASustainedDrop) {
  std::string raw = "Burning for 100 seconds.\nGPU 0: Tesla T4 (UUID: GPU-11111111-2222-3333-4444-555555555555)\n";
  const double rates[] = {0, 8000, 8000, 7900, 7000, 6500, 6000, 6000};
  for (int i = 0; i < 8; ++i)
    raw += std::to_string(10 * (i + 1)) + ".0%  proc'd: " + std::to_string(100 * (i + 1)) + " (" + std::to_string(static_cast<int>(rates[i])) +
           " Gflop/s)   errors: 0   temps: " + std::to_string(60 + 4 * i) + " C \n";
  ImportPart p = parse("gpu-burn", raw);
  ResultDocument doc;
  merge_part(doc, std::move(p));
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "sustained-drop", 0)) << ids(a);
}

TEST(ImportGpuBurn, GarbageNeverThrows) {
  for (const char* s : {"proc'd:", "10%  proc'd: 99999999999999999999 (1e999 Gflop/s)   errors: 99999999999999999999999  temps: 9 C",
                        "proc'd: 1 (2 Gflop/s) - 3 (4 Gflop/s)   errors: 0   temps: --", "Tested 3 GPUs:\n GPU 0: OK\n GPU 99999: FAULTY",
                        "Initialized device 99999999999 with 1 MB of memory (1 MB available, using 1 MB of it), using FLOATS"})
    EXPECT_NO_THROW(parse("gpu-burn", s)) << s;
}

}  // namespace
}  // namespace gpuaudit::imports
