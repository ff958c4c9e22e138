// score/rule_inconclusive.cpp: where nothing can decide, the verdict is inconclusive (exit 6), never
// a silent pass, and it never hides a fault.
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
#include "unit/support/real_world_case.hpp"
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

TEST(HostBound, ImportedHostRowsBesideAGpuLeaveTheGpuInconclusive) {
  // An nvidia-smi table (no figure) imported with a `top` of 0.0 st leaves only host rows, like a
  // `run --only host`; but the GPU was shown to be judged. It was "nothing judged", exit 0
  // (RunPod pods' tables and tops); it is inconclusive, exit 6.
  ResultDocument doc;
  doc.mode = "imported";
  GpuInfo g;
  g.index = 0;
  g.name = "NVIDIA A100 80GB PCIe";
  doc.gpus.push_back(g);
  BenchmarkResult steal;
  steal.name = "host/steal";
  steal.unit = "%";
  steal.samples = {0.0};
  steal.summary = summarize(steal.samples);
  doc.benchmarks.push_back(steal);
  const Assessment a = score(doc);
  ASSERT_FALSE(a.findings.empty());
  EXPECT_EQ(a.findings[0].id, "inconclusive");
  EXPECT_EQ(assessment_exit_code(a), exit_code::inconclusive);
  doc.mode = "quick+only";  // the same rows from `gpuaudit run --only host/steal`: not examined
  EXPECT_EQ(assessment_exit_code(score(doc)), exit_code::ok);
}

TEST(Assessment, FailedRowWithNoGpuNamedIsInconclusiveNotSilent) {
  // dcgmi diag's "PCIe | Fail - All" row names no GPU index, and a paste of that block alone names
  // no GPU at all (NVIDIA/DCGM#49): it was "none (no key figure was measured)", exit 0. A failed
  // check is never a silent pass: inconclusive, exit 6, quoting the failure.
  ResultDocument doc;
  doc.gpu_status.state = "no-device";
  BenchmarkResult b;
  b.name = "dcgm/pcie";
  b.status = "check-failed";
  b.message = "dcgmi diag: PCIe failed: GPU 0's NvLink link 0 is currently down " + std::string(400, 'x');
  doc.benchmarks.push_back(b);
  const Assessment a = score(doc);
  EXPECT_EQ(assessment_exit_code(a), exit_code::inconclusive);
  EXPECT_NE(a.headline.find("inconclusive: dcgm/pcie check-failed with no GPU named"), std::string::npos) << a.headline;
  const std::vector<Finding> f = a.findings;
  ASSERT_EQ(f.size(), 1u);
  bool quoted = false;
  for (const auto& e : f[0].evidence)
    quoted |= e.rfind("dcgm/pcie check-failed on no named GPU: dcgmi diag: PCIe failed: GPU 0's NvLink", 0) == 0 &&
              e.size() < 300 && e.substr(e.size() - 3) == "...";
  EXPECT_TRUE(quoted) << f[0].evidence.size();
}

}  // namespace scenario_cases

namespace evidence_cases {

using namespace gpuaudit::evidence_docs;

TEST(EvidenceInconclusive, StateWithoutFaultOrLoadIsInconclusive) {
  const Assessment a = score(doc_of({h100_sxm()}));
  EXPECT_EQ(ids_of(a), (Ids{{"inconclusive", 0}})) << why(a);
  const Finding* f = find(a, "inconclusive");
  EXPECT_TRUE(evidence_has(*f, "no benchmark figure and no telemetry under load")) << why(a);
  EXPECT_NE(f->summary.find("gpuaudit run --quick"), std::string::npos) << f->summary;
  EXPECT_NE(f->summary.find("nvidia-smi --query-gpu="), std::string::npos) << f->summary;
  EXPECT_EQ(assessment_exit_code(a), exit_code::inconclusive);
  EXPECT_EQ(exit_code::inconclusive, 6);
  EXPECT_NE(a.headline.find("inconclusive"), std::string::npos) << a.headline;
  EXPECT_EQ(a.headline.find("no key figure"), std::string::npos) << a.headline;
}

TEST(EvidenceInconclusive, NeverHidesAFault) {
  GpuInfo capped = h100_sxm(1);
  capped.power.limit_w = capped.power.enforced_limit_w = 300;
  const Assessment a = score(doc_of({h100_sxm(0), capped}));
  EXPECT_EQ(ids_of(a), (Ids{{"inconclusive", 0}, {"power-capped", 1}})) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
  EXPECT_NE(a.headline.find("power-capped"), std::string::npos) << a.headline;  // the fault leads
  EXPECT_NE(a.headline.find("also inconclusive"), std::string::npos) << a.headline;
}

// A dump cut to one section (`nvidia-smi -q | grep -A8 'Clocks Throttle'`) names no model: the GPU is
// inconclusive, and the first thing missing is its name (not unknown-gpu: nothing to look up).
TEST(EvidenceInconclusive, AGpuTheDocumentNeverNamesIsInconclusiveAskingForItsName) {
  GpuInfo nameless = h100_sxm();
  nameless.name.clear();
  nameless.pci_device_id.reset();
  const Assessment a = score(doc_of({nameless}));
  EXPECT_EQ(ids_of(a), (Ids{{"inconclusive", 0}})) << why(a);
  EXPECT_TRUE(evidence_has(*find(a, "inconclusive"), "no model named")) << why(a);
}

TEST(EvidenceInconclusive, AnEmptyDocumentIsInconclusive) {
  ResultDocument d;
  d.gpu_status.state = "no-device";
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"inconclusive", -1}})) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::inconclusive);
}

}  // namespace evidence_cases

}  // namespace

TEST(EvidenceInconclusive, ALinkNarrowerThanTheCardIsNamedInTheStateRead) {
  // A Windows 610-layout -q of an idle RTX 3060 Laptop GPU at Gen1 x8 of Gen4 x16 (real-world corpus).
  const auto fs = real_world::findings_of_case("rtx3060-laptop-windows-610-idle-x8-q");
  const Finding* f = import_and_score::find_finding(fs, "inconclusive", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(import_and_score::evidence_has(*f, "PCIe Gen1 x8 of Gen4 x16 at idle (not judged)"));
}
