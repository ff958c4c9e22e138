// Scoring and verdicts: every scenario in tests/data/scenarios/ gives exactly its findings (and no
// false ones), every real document in results/ scores against a matched baseline, and the pieces
// (slice share, ratios, tolerances, thresholds file, delivered fraction, cost, headline, re-scoring)
// do what docs/scoring.md says.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/stats.hpp"
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "text/format.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/evidence.hpp"
#include "score/figures.hpp"
#include "score/slice.hpp"
#include "score/thresholds.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

const fs::path kScenarios = fs::path(GPUAUDIT_TEST_DATA) / "scenarios";

Assessment score(const ResultDocument& doc, const Thresholds& t = {}) {
  return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, t);
}

ResultDocument scenario(const std::string& name) { return read_result(kScenarios / (name + ".synthetic.json")); }

// (finding id, GPU index or -1 for host-wide)
using Ids = std::multiset<std::pair<std::string, int>>;

Ids ids_of(const Assessment& a) {
  Ids out;
  for (const auto& f : a.findings) out.insert({f.id, f.gpu.value_or(-1)});
  return out;
}

std::string describe(const Ids& ids) {
  std::string s;
  for (const auto& [id, gpu] : ids) s += (s.empty() ? "" : ", ") + id + "@" + std::to_string(gpu);
  return "{" + s + "}";
}

const Finding* find(const Assessment& a, const std::string& id) {
  for (const auto& f : a.findings)
    if (f.id == id) return &f;
  return nullptr;
}

using import_and_score::evidence_has;

struct Expected {
  std::string file;  // without .synthetic.json
  Ids ids;
  std::string headline_has;
};

// Test names and failure messages show the scenario, not the struct's bytes.
void PrintTo(const Expected& e, std::ostream* os) { *os << e.file; }

const std::vector<Expected>& expectations() {
  static const std::vector<Expected> e{
      {"h100-sxm-healthy", {{"healthy", 0}}, "NVIDIA H100 80GB HBM3 \u2014 healthy; delivers 99% of a full card"},
      {"h200-healthy", {{"healthy", 0}}, "NVIDIA H200 \u2014 healthy"},
      {"a100-mig-1g10gb", {{"sliced", 0}}, "sliced: MIG 1g.10gb, 14 of 108 SMs"},
      {"h100-mig-3g40gb", {{"sliced", 0}}, "sliced: MIG 3g.40gb, 60 of 132 SMs; delivers 46% of a full card"},
      {"vgpu-time-sliced", {{"sliced", 0}}, "sliced: time-sliced vGPU"},
      {"h100-power-capped", {{"power-capped", 0}}, "power-capped: power limit 350 W of 700 W"},
      {"h100-thermal-throttled", {{"thermal-throttled", 0}}, "thermal-throttled: thermal slowdown at 91 C"},
      {"h100-clock-limited", {{"clock-limited", 0}}, "clock-limited: SM clock 1243 of 1980 MHz"},
      {"pcie-gen3-x8", {{"pcie-degraded", 0}}, "pcie-degraded: Gen3 x8 under load (Gen5 x16 expected)"},
      {"pcie-gen1-idle-healthy", {{"healthy", 0}}, "NVIDIA L40S \u2014 healthy"},
      {"h100-passthrough-healthy", {{"healthy", 0}}, "healthy"},
      {"h20-healthy", {{"healthy", 0}}, "NVIDIA H20 \u2014 healthy"},
      {"l4-healthy", {{"healthy", 0}}, "NVIDIA L4 \u2014 healthy"},
      {"host-bound-steal", {{"host-bound", -1}}, "host-bound: CPU steal 12%"},
      {"memory-degraded", {{"memory-degraded", 0}}, "memory-degraded: memory bandwidth 60%"},
      {"software-driver-old", {{"healthy", 0}}, "NVIDIA H100 80GB HBM3 \u2014 healthy"},
      {"unknown-gpu", {{"unknown-gpu", 0}}, "unknown-gpu: no baseline for this model"},
      // An unknown Hopper is judged on its architecture's estimate: healthy, said as estimated.
      {"unknown-gpu-hopper-fallback", {{"healthy", 0}}, "(estimated)"},
      {"numa-misplaced", {{"numa-misplaced", 0}}, "numa-misplaced: far NUMA node copies"},
      {"nvlink-degraded", {{"healthy", 0}, {"nvlink-degraded", 1}}, "nvlink-degraded: 12 of 18 NVLink links up on GPU 1"},
      {"no-nvlink", {{"no-nvlink", 0}, {"no-nvlink", 1}}, "2x NVIDIA H100 80GB HBM3 \u2014 no-nvlink: no NVLink (0 of 18 links up) on every GPU"},
  };
  return e;
}

}  // namespace

// ---- every scenario, every real result ----------------------------------------------------------

class ScenarioTest : public ::testing::TestWithParam<Expected> {};

TEST_P(ScenarioTest, GivesExactlyItsFindings) {
  const Expected& e = GetParam();
  const ResultDocument doc = scenario(e.file);
  const Assessment a = score(doc);
  EXPECT_EQ(ids_of(a), e.ids) << e.file << ": got " << describe(ids_of(a)) << "\n" << assessment_text(a);
  EXPECT_NE(a.headline.find(e.headline_has), std::string::npos) << e.file << ": headline \"" << a.headline << "\"";
  for (const auto& f : a.findings) {
    EXPECT_FALSE(f.summary.empty()) << e.file << " " << f.id;
    EXPECT_FALSE(f.evidence.empty()) << e.file << " " << f.id;
    EXPECT_TRUE(f.confidence == "high" || f.confidence == "medium" || f.confidence == "low") << f.id << " " << f.confidence;
  }
  // healthy only: 0; a fault among them: 1; otherwise (unknown-gpu with no reference, inconclusive): 6.
  const bool all_healthy = std::all_of(e.ids.begin(), e.ids.end(), [](const auto& p) { return p.first == "healthy"; });
  const bool fault = std::any_of(e.ids.begin(), e.ids.end(), [](const auto& p) {
    return p.first != "healthy" && p.first != "unknown-gpu" && p.first != "inconclusive";
  });
  EXPECT_EQ(assessment_exit_code(a), all_healthy ? exit_code::ok : fault ? exit_code::finding : exit_code::inconclusive);
  EXPECT_EQ(a.baselines_version, repo_baselines().version);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, ScenarioTest, ::testing::ValuesIn(expectations()),
                         [](const ::testing::TestParamInfo<Expected>& p) {
                           std::string n = p.param.file;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(Scenarios, EveryFileIsExpectedAndLabelledSynthetic) {
  std::set<std::string> expected;
  for (const auto& e : expectations()) expected.insert(e.file + ".synthetic.json");
  size_t seen = 0;
  for (const auto& entry : fs::directory_iterator(kScenarios)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().filename().string();
    ++seen;
    EXPECT_NE(name.find("synthetic"), std::string::npos) << name;
    EXPECT_TRUE(expected.count(name)) << name << " has no expected findings in score_test.cpp";
    const ResultDocument doc = read_result(entry.path());
    EXPECT_TRUE(doc.synthetic) << name;
    EXPECT_FALSE(doc.synthetic_source.empty()) << name;
  }
  EXPECT_EQ(seen, expected.size());
}

// Real documents from real cards: each must score against a matched baseline with evidence for
// every finding. A document may pin its verdict with tags.expect_findings ("healthy" or
// "sliced,host-bound").
TEST(RealResults, EveryDocumentScores) {
  const fs::path dir = fs::path(GPUAUDIT_SOURCE_DIR) / "results";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no results/ folder";
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    const ResultDocument doc = read_result(entry.path());
    const Assessment a = score(doc);
    const std::string name = entry.path().filename().string();
    EXPECT_FALSE(a.headline.empty()) << name;
    EXPECT_EQ(find(a, "unknown-gpu"), nullptr) << name << ": no baseline matched: " << a.headline;
    for (const auto& f : a.findings) EXPECT_FALSE(f.evidence.empty()) << name << " " << f.id;
    if (auto it = doc.tags.find("expect_findings"); it != doc.tags.end()) {
      std::set<std::string> want, got;
      std::stringstream ss(it->second);
      for (std::string id; std::getline(ss, id, ',');) want.insert(id);
      for (const auto& f : a.findings) got.insert(f.id);
      EXPECT_EQ(got, want) << name << ": " << a.headline;
    }
  }
}

// ---- the traps -----------------------------------------------------------------------------------

TEST(Traps, PowerCapWithMemoryFineIsPowerNotMemory) {
  const Assessment a = score(scenario("h100-power-capped"));
  const Finding* f = find(a, "power-capped");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "power limit 350 W, board default 700 W"));
  EXPECT_TRUE(evidence_has(*f, "sw-power-cap"));
  EXPECT_TRUE(evidence_has(*f, "memory bandwidth unaffected"));
  EXPECT_EQ(find(a, "memory-degraded"), nullptr);
  EXPECT_EQ(find(a, "clock-limited"), nullptr);
}

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

// Synthetic nvidia-smi CSV logs (no reasons column, no default limit): a card drawing at its limit.
Assessment score_csv_log(const std::string& name, int memory_mib, double limit_w) {
  std::string csv = "index, name, memory.total [MiB], utilization.gpu [%], power.draw [W], power.limit [W], clocks.sm [MHz]\n";
  for (int i = 0; i < 3; ++i)
    csv += "0, " + name + ", " + std::to_string(memory_mib) + " MiB, 100 %, " + std::to_string(limit_w - 0.3 * i) + " W, " +
           std::to_string(limit_w) + " W, 1490 MHz\n";
  return score(import_and_score::import_texts({{"log.synthetic.csv", csv}}));
}

TEST(Traps, ATuringGeforceNameAtALaptopLimitIsNotJudgedByTheDesktopTdp) {
  // "NVIDIA GeForce RTX 2080" is also a laptop part's name (80-150 W): below the desktop 215 W
  // TDP with no board default nothing says it was lowered, and at its limit the clock is the
  // limit's doing, not a clock cap.
  const Assessment a = score_csv_log("NVIDIA GeForce RTX 2080", 8192, 80);
  EXPECT_EQ(find(a, "power-capped"), nullptr);
  EXPECT_EQ(find(a, "clock-limited"), nullptr);
  // An Ampere desktop name ("Laptop GPU" would say otherwise) at 80 of 320 W is capped.
  const Assessment b = score_csv_log("NVIDIA GeForce RTX 3080", 10240, 80);
  EXPECT_NE(find(b, "power-capped"), nullptr);
}

TEST(Traps, PassthroughIsAWholeCard) {
  const Assessment a = score(scenario("h100-passthrough-healthy"));
  const Finding* f = find(a, "healthy");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(evidence_has(*f, "passthrough"));
}

TEST(Traps, PowerLimitedDesignsAtTheirCapAreHealthy) {
  // L4 runs into sw-power-cap on every GEMM; its reference already includes that.
  const ResultDocument doc = scenario("l4-healthy");
  bool cap_seen = false;
  for (const auto& b : doc.benchmarks)
    if (b.telemetry)
      for (const auto& r : b.telemetry->clock_event_reasons) cap_seen |= r == "sw-power-cap";
  ASSERT_TRUE(cap_seen);
  EXPECT_EQ(ids_of(score(doc)), (Ids{{"healthy", 0}}));
}

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

// ---- headline, delivered fraction, cost ---------------------------------------------------------

TEST(Headline, MigSliceSaysProfileSmsAndShare) {
  const Assessment a = score(scenario("h100-mig-3g40gb"));
  EXPECT_EQ(a.headline, "NVIDIA H100 80GB HBM3 \u2014 sliced: MIG 3g.40gb, 60 of 132 SMs; delivers 46% of a full card");
  // Geometric mean of measured / FULL-card reference: BF16 GEMM, FP32, HBM copy.
  const double want = std::cbrt((351.9 / 790.0) * (26.8 / 60.21) * (1406.5 / 2900.0));
  ASSERT_TRUE(a.delivered_fraction);
  EXPECT_NEAR(*a.delivered_fraction, want, 1e-9);
  // The slice is judged against its share: 60/132 of the card's GEMM, 4/8 of its bandwidth.
  const json& figs = a.extra["gpus"][0]["figures"];
  for (const auto& f : figs) {
    if (f["name"] == "gemm/bf16") {
      EXPECT_NEAR(f["expected"].get<double>(), 790.0 * 60 / 132, 1e-9);
    } else if (f["name"] == "hbm/copy") {
      EXPECT_NEAR(f["expected"].get<double>(), 2900.0 / 2, 1e-9);
    } else if (f["name"] == "pcie/h2d_pinned") {
      EXPECT_NEAR(f["expected"].get<double>(), 51.0, 1e-9);  // not sliced
    }
  }
}

TEST(Headline, MultiGpuNamesTheGpuAndCountsCards) {
  const Assessment a = score(scenario("nvlink-degraded"));
  EXPECT_EQ(a.headline.rfind("2x NVIDIA H100 80GB HBM3 \u2014 nvlink-degraded: 12 of 18 NVLink links up on GPU 1", 0), 0u)
      << a.headline;
  EXPECT_NE(a.headline.find("(mean of 2)"), std::string::npos);
}

TEST(Headline, OtherFindingsAreListedAfterTheFirst) {
  ResultDocument doc = scenario("h100-power-capped");
  doc.host.steal_pct = 20;
  for (auto& b : doc.benchmarks)
    if (b.name == "host/steal") b.derived["whole_run_pct"] = 20;
  const Assessment a = score(doc);
  EXPECT_NE(a.headline.find("power-capped: power limit 350 W of 700 W; also host-bound"), std::string::npos) << a.headline;
}

TEST(HostBound, StealIsTheWholeRunShareNotTheMedianWindow) {
  // Steal in bursts: most 1 s windows are clean (median 0.4%), but the run lost 12% of its CPU time.
  ResultDocument doc = scenario("h200-healthy");
  doc.host.steal_pct = 0.1;
  std::erase_if(doc.benchmarks, [](const BenchmarkResult& b) { return b.name == "host/steal"; });
  BenchmarkResult steal;
  steal.name = "host/steal";
  steal.unit = "%";
  steal.status = "ok";
  steal.samples = {0.2, 0.4, 0.4, 35, 0.3};
  steal.summary = summarize(steal.samples);
  steal.derived["whole_run_pct"] = 12;
  doc.benchmarks.push_back(steal);
  const Assessment a = score(doc);
  const Finding* f = nullptr;
  for (const auto& x : a.findings)
    if (x.id == "host-bound") f = &x;
  ASSERT_NE(f, nullptr) << a.headline;
  EXPECT_NEAR(f->figures.at("steal_pct"), 12, 1e-12);
  EXPECT_NE(f->evidence.at(0).find("host/steal over the whole run: 12.0%"), std::string::npos) << f->evidence.at(0);
}

TEST(Software, ARuntimeAMinorVersionAheadIsANoteNotAFinding) {
  // 535 driver (CUDA 12.2) under the CUDA 12.9 build: the normal case on old rentals, and a fact
  // about gpuaudit's binary rather than the machine.
  const Assessment a = score(scenario("software-driver-old"));
  for (const auto& f : a.findings) EXPECT_NE(f.id, "software") << a.headline;
  EXPECT_EQ(assessment_exit_code(a), exit_code::ok);
  ASSERT_TRUE(a.extra.contains("notes"));
  const std::string text = assessment_text(a);
  EXPECT_NE(text.find("notes (not findings):\n  - CUDA runtime 12.9 is newer than the driver supports (12.2)"),
            std::string::npos) << text;
}

TEST(Software, ARuntimeAMajorVersionAheadIsAHighConfidenceFinding) {
  ResultDocument doc = scenario("software-driver-old");
  doc.software.cuda_runtime_version = 13000;
  const Assessment a = score(doc);
  const Finding* f = nullptr;
  for (const auto& x : a.findings)
    if (x.id == "software") f = &x;
  ASSERT_NE(f, nullptr) << a.headline;
  EXPECT_EQ(f->confidence, "high");
  EXPECT_FALSE(f->gpu);
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
}

TEST(Software, TheDefaultToolkitAMajorVersionAheadOfTheDriverIsAFinding) {
  ResultDocument doc = scenario("software-driver-old");  // driver 535 (CUDA 12.2), runtime 12.9
  CudaToolkit def;
  def.path = "/usr/local/cuda-13.0";
  def.version = "13.0";
  def.version_number = 13000;
  def.is_default = true;
  CudaToolkit old = def;
  old.path = "/usr/local/cuda-12.8";
  old.version = "12.8.1";
  old.version_number = 12080;
  old.is_default = false;
  doc.software.cuda_toolkits = {old, def};
  const Assessment a = score(doc);
  const Finding* f = nullptr;
  for (const auto& x : a.findings)
    if (x.id == "software") f = &x;
  ASSERT_NE(f, nullptr) << a.headline;
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_NE(f->summary.find("default CUDA 13.0 toolkit fail on this driver (CUDA 12.2)"), std::string::npos) << f->summary;
  const std::string text = assessment_text(a);
  EXPECT_NE(text.find("the CUDA 12.8.1 toolkit at /usr/local/cuda-12.8 is newer than the driver 535.183.01 supports "
                      "(12.2): programs built with it run under minor-version compatibility"),
            std::string::npos) << text;

  doc.software.cuda_toolkits = {old};  // only a minor version ahead: a note, exit 0
  EXPECT_EQ(assessment_exit_code(score(doc)), exit_code::ok);
}

TEST(HostBound, AHostOnlyRunWithoutFindingsSaysWhatWasChecked) {
  ResultDocument doc;
  doc.gpu_status.state = "no-driver";
  doc.mode = "quick+only";  // `gpuaudit run --only host/cpu_all`
  BenchmarkResult cpu;
  cpu.name = "host/cpu_all";
  cpu.unit = "Mops/s";
  cpu.status = "ok";
  cpu.samples = {12000, 12100};
  cpu.summary = summarize(cpu.samples);
  cpu.derived["all_core_ratio"] = 0.95;
  doc.benchmarks.push_back(cpu);
  const Assessment a = score(doc);
  EXPECT_TRUE(a.findings.empty());
  const std::string text = assessment_text(a);
  EXPECT_NE(text.find("none: 1 host figure, none past its threshold"), std::string::npos) << text;
}

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

// An allreduce row scored by its own topology expectation (rows.cpp writes it for that GPU count).
static ResultDocument with_allreduce(double busbw, double expected) {
  ResultDocument doc = scenario("h100-sxm-healthy");
  BenchmarkResult r;
  r.name = "nccl/allreduce";
  r.unit = "GB/s";
  r.status = "ok";
  r.samples = {busbw};
  r.summary = summarize(r.samples);
  r.params = {{"gpus", 8}, {"scope", "node"}};
  r.derived["expected_busbw_gbs"] = expected;
  r.derived["fraction_of_expected"] = busbw / expected;
  r.derived["expected_uncertain"] = 0;
  r.extra = {{"expected_source", "topology baseline dgx-h100 (synthetic test)"}};
  doc.benchmarks.push_back(r);
  return doc;
}

TEST(Collectives, ScoredAgainstTheRowsOwnTopologyExpectation) {
  const Assessment slow = score(with_allreduce(180, 360));
  const Finding* f = nullptr;
  for (const auto& x : slow.findings)
    if (x.id == "nvlink-degraded") f = &x;
  ASSERT_NE(f, nullptr) << slow.headline;
  EXPECT_NEAR(f->figures.at("collective_ratio"), 0.5, 1e-12);
  EXPECT_NE(f->evidence.at(0).find("topology baseline dgx-h100"), std::string::npos) << f->evidence.at(0);
  EXPECT_EQ(f->evidence.at(0).rfind("nccl/allreduce x8 180 GB/s", 0), 0u) << f->evidence.at(0);

  const Assessment fine = score(with_allreduce(355, 360));
  for (const auto& x : fine.findings) EXPECT_NE(x.id, "nvlink-degraded") << fine.headline;
}

TEST(Cost, PerEffectivePflopHourAndPerTbps) {
  const Assessment a = score(scenario("h100-mig-3g40gb"));  // $2.10/h
  ASSERT_TRUE(a.extra.contains("cost"));
  const json& c = a.extra["cost"];
  EXPECT_EQ(c["currency"], "USD");
  EXPECT_NEAR(c["effective_bf16_pflops"].get<double>(), 0.3519, 1e-12);
  EXPECT_NEAR(c["cost_per_pflop_hour"].get<double>(), 2.10 / 0.3519, 1e-9);
  EXPECT_NEAR(c["full_card_cost_per_pflop_hour"].get<double>(), 2.10 / 0.790, 1e-9);
  EXPECT_NEAR(c["cost_per_tbps_hour"].get<double>(), 2.10 / 1.4065, 1e-9);
  EXPECT_NEAR(c["full_card_cost_per_tbps_hour"].get<double>(), 2.10 / 2.9, 1e-9);
  const std::string text = assessment_text(a);
  EXPECT_NE(text.find("$5.97 per effective dense-BF16 PFLOP-hour"), std::string::npos) << text;
  EXPECT_NE(text.find("a full healthy card: $2.66"), std::string::npos) << text;
}

TEST(Cost, NoPriceNoCost) {
  const Assessment a = score(scenario("h200-healthy"));
  EXPECT_FALSE(a.extra.contains("cost"));
}

// ---- thresholds ------------------------------------------------------------------------------------

TEST(Thresholds, FileOverridesFamilyToleranceAndRules) {
  ResultDocument doc = scenario("memory-degraded");
  doc.gpus[0].ecc = EccInfo{};  // bandwidth only
  EXPECT_EQ(ids_of(score(doc)), (Ids{{"memory-degraded", 0}}));
  const Thresholds loose = parse_thresholds(json::parse(R"({"tolerances": {"hbm": 0.5}})"), "t.json");
  EXPECT_EQ(ids_of(score(doc, loose)), (Ids{{"healthy", 0}}));

  const ResultDocument host = scenario("host-bound-steal");
  const Thresholds tolerant = parse_thresholds(json::parse(R"({"rules": {"steal_pct": 15}})"), "t.json");
  EXPECT_EQ(ids_of(score(host, tolerant)), (Ids{{"healthy", 0}}));
  const Assessment a = score(host, tolerant);
  EXPECT_EQ(a.extra["thresholds"]["origin"], "t.json");
  EXPECT_EQ(a.extra["thresholds"]["rules"]["steal_pct"], 15.0);
}

TEST(Thresholds, BenchmarkBeatsFamilyBeatsBaselineBeatsDefault) {
  Thresholds t;
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", std::nullopt), 0.10);
  EXPECT_DOUBLE_EQ(t.tolerance_for("gemm/bf16", std::nullopt), 0.15);
  EXPECT_DOUBLE_EQ(t.tolerance_for("pcie/h2d_pinned", std::nullopt), 0.15);
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", 0.25), 0.25);
  t.tolerances["hbm"] = 0.3;
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", 0.25), 0.3);
  t.tolerances["hbm/copy"] = 0.05;
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", 0.25), 0.05);
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/triad", 0.25), 0.3);
}

TEST(Thresholds, BadFilesAreRefusedWithTheirName) {
  for (const char* bad : {R"([1])", R"({"tolerance": {}})", R"({"tolerances": {"hmb": 0.1}})",
                          R"({"tolerances": {"hbm": "10%"}})", R"({"tolerances": {"hbm": -1}})",
                          R"({"rules": {"steal": 5}})", R"({"rules": {"power_limit_fraction": 2}})"}) {
    try {
      parse_thresholds(json::parse(bad), "my-thresholds.json");
      ADD_FAILURE() << "accepted " << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), exit_code::usage) << bad;
      EXPECT_NE(std::string(e.what()).find("my-thresholds.json"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(load_thresholds("/nonexistent/thresholds.json"), Error);
}

// ---- re-scoring ------------------------------------------------------------------------------------

TEST(Rescore, ReplacesTheOldAssessmentAndRecordsTodaysBaselines) {
  ResultDocument doc = scenario("h100-sxm-healthy");
  Assessment old;
  old.baselines_version = "2020.01.01";
  old.headline = "old verdict";
  Finding stale;
  stale.id = "sliced";
  stale.gpu = 0;
  stale.confidence = "high";
  stale.summary = "old";
  stale.evidence = {"old evidence"};
  old.findings.push_back(stale);
  doc.assessment = old;
  // Through a file, as `score --write` would find it.
  const fs::path tmp = fs::temp_directory_path() / "gpuaudit-rescore-test.json";
  write_result(tmp, doc);
  ResultDocument back = read_result(tmp);
  ASSERT_TRUE(back.assessment);
  EXPECT_EQ(back.assessment->baselines_version, "2020.01.01");
  const int code = score_document(back, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{});
  EXPECT_EQ(code, exit_code::ok);
  ASSERT_TRUE(back.assessment);
  EXPECT_EQ(back.assessment->baselines_version, repo_baselines().version);
  EXPECT_EQ(ids_of(*back.assessment), (Ids{{"healthy", 0}}));
  EXPECT_NE(back.assessment->headline, "old verdict");
  write_result(tmp, back);
  EXPECT_EQ(ids_of(*read_result(tmp).assessment), (Ids{{"healthy", 0}}));
  fs::remove(tmp);
}

// ---- pieces, on a small in-code baseline ----------------------------------------------------------

namespace {

Baseline toy_baseline() {
  Baseline b;
  b.id = "toy";
  b.model = "Toy 80GB";
  b.sm_count = 100;
  b.memory_gib = 80;
  auto expect = [&](const char* name, double v, const char* unit) {
    Expectation e;
    e.value = v;
    e.unit = unit;
    e.source = "test";
    b.expected[name] = e;
  };
  expect("gemm/bf16", 500, "TFLOP/s");
  expect("hbm/copy", 2000, "GB/s");
  expect("sm/launch", 4, "us");
  MigProfile p;
  p.name = "2g.20gb";
  p.sm_count = 30;
  p.memory_slices = 2;
  p.memory_gib = 19.5;
  b.mig_profiles.push_back(p);
  return b;
}

BenchmarkResult figure(const std::string& name, double v, const std::string& unit, bool higher = true) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = 0;
  b.unit = unit;
  b.higher_is_better = higher;
  b.samples = {v};
  b.summary = Summary{1, v, v, v, v, 0, 0};
  return b;
}

}  // namespace

TEST(Slice, MigShareFromTheProfileTable) {
  ResultDocument doc;
  GpuInfo g;
  g.mig.is_mig_device = true;
  g.mig.profile = "2g.20gb";
  GpuReference ref;
  ref.baseline = toy_baseline();
  const SliceShare s = slice_share(doc, g, ref);
  EXPECT_EQ(s.kind, "mig");
  EXPECT_DOUBLE_EQ(s.sm_fraction, 0.30);
  EXPECT_DOUBLE_EQ(s.memory_fraction, 0.25);
  EXPECT_FALSE(s.uncertain);
}

TEST(Slice, UnlistedProfileIsEstimatedAndSaysSo) {
  ResultDocument doc;
  GpuInfo g;
  g.mig.is_mig_device = true;
  g.mig.profile = "3g.40gb";
  GpuReference ref;
  ref.baseline = toy_baseline();
  const SliceShare s = slice_share(doc, g, ref);
  EXPECT_TRUE(s.uncertain);
  EXPECT_EQ(s.slice_sms, 43);  // 3/7 of 100
  EXPECT_EQ(s.memory_slices, 4);  // 40 of 80 GB
  EXPECT_NE(s.note.find("estimated"), std::string::npos);
}

TEST(Slice, CensusBelowTheModelSharesTheSms) {
  ResultDocument doc;
  doc.benchmarks.push_back(figure("sm/census", 80, "count"));
  GpuInfo g;
  g.sm_count = 100;
  GpuReference ref;
  ref.baseline = toy_baseline();
  const SliceShare s = slice_share(doc, g, ref);
  EXPECT_EQ(s.kind, "census");
  EXPECT_DOUBLE_EQ(s.sm_fraction, 0.8);
  EXPECT_DOUBLE_EQ(s.memory_fraction, 1.0);
}

TEST(Figures, RatioIsAlwaysBetterAboveOne) {
  ResultDocument doc;
  doc.benchmarks.push_back(figure("gemm/bf16", 400, "TFLOP/s"));
  doc.benchmarks.push_back(figure("sm/launch", 8, "us", false));
  doc.benchmarks.push_back(figure("hbm/copy", 2000, "MB/s"));  // unit mismatch: not compared
  const Baseline b = toy_baseline();
  const auto figs = score_figures(doc, 0, &b, SliceShare{}, Thresholds{});
  ASSERT_EQ(figs.size(), 3u);
  EXPECT_DOUBLE_EQ(*figs[0].ratio, 0.8);
  EXPECT_EQ(figs[0].state, "low");
  EXPECT_DOUBLE_EQ(*figs[1].ratio, 0.5);  // twice the reference latency
  EXPECT_FALSE(figs[2].ratio);
  EXPECT_EQ(figs[2].state, "no-reference");
}

TEST(Evidence, ModelNamesGetTheSpokenArticle) {
  EXPECT_EQ(a_model("H100 SXM5 80GB"), "an H100 SXM5 80GB");
  EXPECT_EQ(a_model("L4"), "an L4");
  EXPECT_EQ(a_model("T4"), "a T4");
  EXPECT_EQ(a_model("Tesla T4"), "a Tesla T4");
  EXPECT_EQ(a_model("A100-SXM4-80GB"), "an A100-SXM4-80GB");
  EXPECT_EQ(fmt_pct(0.4545), "45%");
  EXPECT_EQ(fmt_tolerance(0.15), "+-15%");
}

TEST(Assessment, DocumentWithoutGpusOrFiguresIsInconclusive) {
  // Nothing to judge is not "healthy": a CI gate reading exit 0 here would pass a machine whose
  // GPU was never seen (issue #12). It is inconclusive, exit 6, with what would settle it.
  ResultDocument doc;
  doc.gpu_status.state = "no-device";
  doc.gpu_status.message = "NVML found no GPU";
  const Assessment a = score(doc);
  EXPECT_EQ(a.headline, "no GPU in this document (no-device: NVML found no GPU) \u2014 inconclusive: nothing to judge");
  EXPECT_EQ(assessment_exit_code(a), exit_code::inconclusive);
  // Host findings still count, and lead the headline.
  doc.host.steal_pct = 20;
  const Assessment b = score(doc);
  EXPECT_EQ(b.headline, "no GPU in this document (no-device: NVML found no GPU) \u2014 host-bound: CPU steal 20%");
  EXPECT_EQ(assessment_exit_code(b), exit_code::finding);
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

TEST(Format, ClippedCutsAtACharacterBoundary) {
  EXPECT_EQ(clipped("short", 10), "short");
  EXPECT_EQ(clipped("abcdef", 3), "abc...");
  EXPECT_EQ(clipped("a\u00e9b", 2), "a...");  // not half of the two-byte e-acute
}

TEST(Assessment, TextHasHeadlineFindingsAndRatioTable) {
  const std::string text = assessment_text(score(scenario("h100-power-capped")));
  EXPECT_NE(text.find("NVIDIA H100 80GB HBM3 \u2014 power-capped"), std::string::npos);
  EXPECT_NE(text.find("findings:\n  power-capped (GPU 0), confidence high:"), std::string::npos) << text;
  EXPECT_NE(text.find("gemm/bf16"), std::string::npos);
  EXPECT_NE(text.find("matched by pci-id"), std::string::npos) << text;
}

// ---- scenarios other helpers wrote, with what scoring must conclude (expected.json) ---------------

TEST(OldCards, ScoringConcludesWhatExpectedJsonSays) {
  const fs::path dir = fs::path(GPUAUDIT_TEST_DATA) / "old-cards";
  if (!fs::exists(dir / "expected.json")) GTEST_SKIP() << "no tests/data/old-cards/expected.json";
  const json expected = read_json_file(dir / "expected.json");
  int checked = 0;
  for (const auto& [file, want] : expected.items()) {
    if (!want.is_object()) continue;  // "_comment"
    ++checked;
    const ResultDocument doc = read_result(dir / file);
    const Assessment a = score(doc);
    std::set<std::string> gpu0, all;
    for (const auto& f : a.findings) {
      all.insert(f.id);
      if (f.gpu == 0) gpu0.insert(f.id);
    }
    const std::string why = file + ": " + a.headline + "\n" + assessment_text(a);
    if (want.contains("baseline")) {
      ASSERT_TRUE(a.extra["gpus"][0]["baseline"].is_string()) << why;
      EXPECT_EQ(a.extra["gpus"][0]["baseline"], want["baseline"]) << why;
    }
    if (want.contains("findings_exactly")) {
      EXPECT_EQ(gpu0, want["findings_exactly"].get<std::set<std::string>>()) << why;
    }
    for (const auto& id : want.value("findings_include", std::vector<std::string>{})) EXPECT_TRUE(all.count(id)) << id << " in " << why;
    for (const auto& id : want.value("must_not", std::vector<std::string>{})) EXPECT_FALSE(all.count(id)) << id << " in " << why;
    if (want.contains("headline_contains")) {
      EXPECT_NE(a.headline.find(want["headline_contains"].get<std::string>()), std::string::npos) << why;
    }
    if (want.contains("evidence_contains")) {
      bool found = false;
      for (const auto& f : a.findings)
        for (const auto& e : f.evidence) found |= e.find(want["evidence_contains"].get<std::string>()) != std::string::npos;
      EXPECT_TRUE(found) << why;
    }
    if (want.contains("exit_code")) {
      int code = want["exit_code"].get<int>();
      EXPECT_EQ(assessment_exit_code(a), code) << why;
    }
  }
  EXPECT_GT(checked, 0);
}
