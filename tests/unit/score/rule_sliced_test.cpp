// score/rule_sliced.cpp: sliced from MIG, vGPU, co-tenants and memory held by another process, from
// figures or from nvidia-smi state alone; a passthrough VM is a whole card.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/stats.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/evidence.hpp"
#include "score/figures.hpp"
#include "score/slice.hpp"
#include "score/thresholds.hpp"
#include "text/format.hpp"
#include "unit/support/evidence_documents.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

namespace scenario_cases {

using namespace gpuaudit::score_scenarios;

TEST(Traps, TimeSlicedVgpuIsNotAlsoClockOrMemory) {
  const Assessment a = score(scenario("vgpu-time-sliced"));
  const Finding* f = find(a, "sliced");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "virtualization mode vgpu"));
  EXPECT_TRUE(evidence_has(*f, "sm/contention: kernels were stopped for up to 8.2 ms (37 gaps over 1 ms)"));
  EXPECT_TRUE(evidence_has(*f, "the device reports 40.0 GiB; a full H100 SXM5 80GB reports 79.6 GiB (50%"));
}

TEST(Traps, MemoryHeldByAnotherProcessIsASharedGpu) {
  ResultDocument doc = scenario("h100-sxm-healthy");
  for (auto& b : doc.benchmarks)
    if (b.name == "mem/allocatable") b.derived["fraction_of_reported"] = 0.40;
  const Assessment a = score(doc);
  EXPECT_EQ(ids_of(a), (Ids{{"sliced", 0}}));
  const Finding* f = find(a, "sliced");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_TRUE(evidence_has(*f, "another process holds the rest"));
}

}  // namespace scenario_cases

namespace evidence_cases {

using namespace gpuaudit::evidence_docs;

TEST(EvidenceSliced, MigDeviceWithoutFigures) {
  GpuInfo g = h100_sxm();
  g.name = "NVIDIA H100 80GB HBM3 MIG 3g.40gb";
  g.mig.is_mig_device = true;
  g.mig.mode_enabled = true;
  g.mig.profile = "3g.40gb";
  g.nvlink = {};
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "sliced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
}

TEST(EvidenceSliced, VgpuModeWithoutFigures) {
  GpuInfo g = idle_gpu("NVIDIA H100XM-40C");
  g.pci_device_id = "10de:2330";  // the guest sees the parent board's PCI id: H100 SXM5
  g.virtualization_mode = "vgpu";
  g.memory_total_bytes = 40960ull << 20;
  const Assessment a = score(doc_of({g}));
  EXPECT_EQ(find(a, "unknown-gpu"), nullptr) << why(a);
  const Finding* f = find(a, "sliced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_TRUE(evidence_has(*f, "virtualization mode vgpu")) << why(a);
  EXPECT_NE(a.headline.find("time-sliced vGPU"), std::string::npos) << a.headline;
}

TEST(EvidenceSliced, VgpuProfileNameAloneIsAVgpu) {
  // A guest whose nvidia-smi -q says "Virtualization Mode: None" (older drivers) but whose
  // device is a vGPU profile: the name says time-sliced whatever the model.
  for (const char* name : {"NVIDIA A10-24Q", "GRID T4-8Q", "NVIDIA A16-4A"}) {
    GpuInfo g = idle_gpu(name);
    g.virtualization_mode.reset();
    const Assessment a = score(doc_of({g}));
    const Finding* f = find(a, "sliced");
    ASSERT_NE(f, nullptr) << name << ": " << why(a);
    EXPECT_TRUE(evidence_has(*f, "is a vGPU profile")) << why(a);
  }
}

TEST(EvidenceSliced, OtherComputeProcessesAreCoTenants) {
  GpuInfo g = h100_sxm();
  g.processes.push_back({4242, "python3", "C", 20ull << 30, json::object()});
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "sliced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_TRUE(evidence_has(*f, "python3 (pid 4242, 20.0 GiB)")) << why(a);
}

TEST(EvidenceSliced, BusyBeforeGpuauditStartedIsACoTenant) {
  GpuInfo g = h100_sxm();
  g.utilization_pct = 85;
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "sliced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_TRUE(evidence_has(*f, "GPU utilisation 85% before gpuaudit's own work")) << why(a);
}

TEST(EvidenceSliced, NotCoTenants) {
  // gpuaudit itself, a desktop's display server, and the user's own job in an imported snapshot.
  GpuInfo g = h100_sxm();
  g.processes.push_back({100, "/usr/bin/gpuaudit", "C", 1ull << 30, json::object()});
  g.processes.push_back({200, "/usr/lib/xorg/Xorg", "G", 64ull << 20, json::object()});
  EXPECT_EQ(find(score(doc_of({g})), "sliced"), nullptr);
  GpuInfo imported = h100_sxm();
  mark_imported(imported);
  imported.utilization_pct = 100;
  imported.processes.push_back({4242, "python3", "C", 70ull << 30, json::object()});
  const Assessment a = score(doc_of({imported}));
  EXPECT_EQ(find(a, "sliced"), nullptr) << why(a);
}

TEST(EvidenceSliced, PassthroughIsAWholeCard) {
  GpuInfo g = h100_sxm();
  g.virtualization_mode = "passthrough";
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1965, 690, 68, {}, 5, 16)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
  EXPECT_TRUE(evidence_has(*find(a, "healthy"), "passthrough"));
  EXPECT_EQ(assessment_exit_code(a), exit_code::ok);
}

}  // namespace evidence_cases

}  // namespace
