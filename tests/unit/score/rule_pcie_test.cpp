// score/rule_pcie.cpp: pcie-degraded from the link under load or copies far below it; an idle Gen1
// link is power saving, and quick-mode copies within the link's spread are no finding.
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

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

namespace scenario_cases {

using namespace gpuaudit::score_scenarios;

TEST(Traps, IdleGen1LinkIsNotJudged) {
  ResultDocument doc = scenario("pcie-gen1-idle-healthy");
  ASSERT_EQ(doc.gpus[0].pcie.gen_now, 1);
  EXPECT_EQ(ids_of(score(doc)), (Ids{{"healthy", 0}}));
  // Without link telemetry under load, the copy rate alone still says the link is fine.
  for (auto& b : doc.benchmarks)
    if (b.telemetry) b.telemetry->pcie_gen_max_seen.reset();
  EXPECT_EQ(ids_of(score(doc)), (Ids{{"healthy", 0}}));
}

TEST(Traps, QuickModeCopiesWithinTheLinksSpreadAreNotADegradedLink) {
  // Real bandwidthTest quick-mode outputs (router-gao/cuda-demo, Alibaba Cloud ECS): a T4 at 9.7 GB/s
  // H2D against an uncertain 12.0 GB/s Gen3 x16 reference, its D2H at 70% of the raw link rate; an
  // A100 SXM4 at 12.3 GB/s on Gen4 x16 (49% of its reference, 42% of the link) is degraded.
  const std::filesystem::path dir = std::filesystem::path(GPUAUDIT_TEST_DATA) / "imports" / "bandwidthTest";
  const Assessment t4 = score(imports::import_files({(dir / "t4-gbps-reflowed.txt").string()}, {}, nullptr));
  EXPECT_EQ(find(t4, "pcie-degraded"), nullptr);
  const Assessment a100 = score(imports::import_files({(dir / "a100-sxm4-40gb-gbps.txt").string()}, {}, nullptr));
  EXPECT_NE(find(a100, "pcie-degraded"), nullptr);
}

}  // namespace scenario_cases

namespace evidence_cases {

using namespace gpuaudit::evidence_docs;

GpuInfo h100_pcie() {
  GpuInfo g = idle_gpu("NVIDIA H100 PCIe");
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = 350;
  g.clocks.sm_max_mhz = 1755;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 5;
  g.pcie.width_max = 16;
  return g;
}

TEST(EvidencePcie, LinkBelowMaxUnderLoad) {
  ResultDocument d = doc_of({h100_pcie()});
  d.benchmarks.push_back(under_load(0, load(1650, 345, 70, {"sw-power-cap"}, 2, 16)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"pcie-degraded", 0}})) << why(a);
  EXPECT_NE(a.headline.find("Gen2 x16 under load (Gen5 x16 expected)"), std::string::npos) << a.headline;
}

TEST(EvidencePcie, ASnapshotTakenUnderLoadShowsTheLink) {
  GpuInfo g = h100_pcie();
  mark_imported(g);
  g.utilization_pct = 100;
  g.clock_event_reasons = {"sw-power-cap"};
  g.clocks.sm_now_mhz = 1650;
  g.pcie.gen_now = 3;
  g.pcie.width_now = 8;
  const Assessment a = score(doc_of({g}));
  EXPECT_EQ(ids_of(a), (Ids{{"pcie-degraded", 0}})) << why(a);
}

// The first real H200 run (results/, a Firecracker VM, 2026-12-04): pinned H2D's median 46.7 GB/s
// is 84% of the 55.4 GB/s reference, but its fastest sample, 51.3 GB/s, is within tolerance, D2H
// gave 55.2 and PyTorch's pinned copy 53.1 on the same card: a path that can do it, no pcie-degraded.
ResultDocument first_real_h200() {
  return read_result(fs::path(GPUAUDIT_SOURCE_DIR) / "results" / "2026-12-04-h200-sxm-141gb-device.json");
}

BenchmarkResult& bench_named(ResultDocument& d, const std::string& name) {
  for (BenchmarkResult& b : d.benchmarks)
    if (b.name == name) return b;
  throw std::runtime_error(name + " is not in the document");
}

TEST(EvidencePcie, ALowMedianWhoseFastestSampleReachesTheReferenceIsNoDegradedLink) {
  const Assessment a = score(first_real_h200());
  EXPECT_EQ(find(a, "pcie-degraded"), nullptr) << why(a);
}

TEST(EvidencePcie, EverySampleLowIsADegradedPath) {  // synthetic: the real run with every H2D sample at its median
  ResultDocument d = first_real_h200();
  BenchmarkResult& h2d = bench_named(d, "pcie/h2d_pinned");
  std::fill(h2d.samples.begin(), h2d.samples.end(), h2d.summary->median);
  h2d.summary = summarize(h2d.samples);
  const Assessment a = score(d);
  EXPECT_NE(find(a, "pcie-degraded"), nullptr) << why(a);
  // The headline names the copy that is slow, not the faster direction (run 1 said "host copies at 100%").
  EXPECT_NE(a.headline.find("pcie/h2d_pinned at 84% of expected"), std::string::npos) << a.headline;
}

TEST(EvidencePcie, IdleGen1LinkIsPowerSaving) {
  GpuInfo g = idle_gpu("NVIDIA L40S");
  g.power.limit_w = g.power.default_limit_w = 350;
  g.clocks.sm_max_mhz = 2520;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 4;
  g.pcie.width_max = 16;
  // State alone: the idle Gen1 link is not judged, and nothing else decides.
  Assessment a = score(doc_of({g}));
  EXPECT_EQ(ids_of(a), (Ids{{"inconclusive", 0}})) << why(a);
  // Under load the link trains to Gen4 x16: healthy.
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(2235, 348, 70, {"sw-power-cap"}, 4, 16)));
  a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
}

TEST(EvidencePcie, APcieOnlyBoxWithSlowPeerCopiesIsPcieNotNvlink) {
  GpuInfo a0 = idle_gpu("NVIDIA L40S", 0), a1 = idle_gpu("NVIDIA L40S", 1);
  for (GpuInfo* g : {&a0, &a1}) {
    g->clocks.sm_max_mhz = 2520;
    g->pcie.gen_max = g->pcie.gen_gpu_max = 4;
    g->pcie.width_max = 16;
  }
  ResultDocument d = doc_of({a0, a1});
  BenchmarkResult p2p = figure("p2p/matrix", std::nullopt, 0, "GB/s");
  p2p.samples = {9.1, 6.2};
  p2p.summary = summarize(p2p.samples);
  p2p.params = {{"peer_access", true}, {"direction", "uni"}};
  p2p.extra = {{"pairs", json::array({{{"src", 0}, {"dst", 1}, {"gbs", 9.1}}, {{"src", 1}, {"dst", 0}, {"gbs", 6.2}}})}};
  d.benchmarks.push_back(p2p);
  const Assessment a = score(d);
  const Finding* f = find(a, "pcie-degraded", std::nullopt);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_TRUE(evidence_has(*f, "slowest pair: GPU 1 -> GPU 0 at 6.20 GB/s")) << why(a);
  EXPECT_TRUE(evidence_has(*f, "looked up at score time")) << why(a);
  EXPECT_NE(f->summary.find("IOMMU/ACS"), std::string::npos);
  for (const auto& x : a.findings) EXPECT_NE(x.id, "nvlink-degraded") << why(a);
}

}  // namespace evidence_cases

}  // namespace
