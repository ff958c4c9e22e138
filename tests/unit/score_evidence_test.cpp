// Every verdict from the evidence that exists (issue #12): documents built here hold no gpuaudit
// benchmark figure - only the state an nvidia-smi -q gives and the telemetry under load an
// nvidia-smi --query-gpu log gives (the importer's `telemetry/under-load` row) - and each rule
// must still decide. Where nothing can decide, the verdict is `inconclusive` (exit 6), never a
// silent pass. The negative controls (idle Gen1 link, passthrough VM, export-limited H20, an L4
// at its power cap, a GeForce card boosting) must stay healthy. All documents are synthetic:
// their values are typical of the cards named, not copied from one machine.
#include "baselines/baseline_set.hpp"
#include "core/exit_codes.hpp"
#include "core/stats.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

const std::vector<multigpu::TopologyBaseline>& topologies() {
  static const auto set = multigpu::load_topology_baselines(fs::path(GPUAUDIT_SOURCE_DIR) / "baselines" / "topologies");
  return set;
}

Assessment score(const ResultDocument& doc) {
  return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}, &topologies());
}

using Ids = std::multiset<std::pair<std::string, int>>;

Ids ids_of(const Assessment& a) {
  Ids out;
  for (const auto& f : a.findings) out.insert({f.id, f.gpu.value_or(-1)});
  return out;
}

std::string why(const Assessment& a) { return a.headline + "\n" + assessment_text(a); }

const Finding* find(const Assessment& a, const std::string& id, std::optional<int> gpu = 0) {
  for (const auto& f : a.findings)
    if (f.id == id && f.gpu == gpu) return &f;
  return nullptr;
}

bool evidence_has(const Finding& f, const std::string& text) {
  for (const auto& e : f.evidence)
    if (e.find(text) != std::string::npos) return true;
  return false;
}

// A GPU as nvidia-smi -q shows it at idle: P8, Gen1 link, a few watts, nobody on it.
GpuInfo idle_gpu(const std::string& name, int index = 0) {
  GpuInfo g;
  g.index = index;
  g.name = name;
  g.pci_bus_id = "00000000:" + std::to_string(0x18 + index) + ":00.0";
  g.virtualization_mode = "none";
  g.utilization_pct = 0;
  g.clock_event_reasons = {"gpu-idle"};
  g.temperature_c = 33;
  g.clocks.sm_now_mhz = 345;
  g.pcie.gen_now = 1;
  g.pcie.width_now = 16;
  return g;
}

GpuInfo h100_sxm(int index = 0) {
  GpuInfo g = idle_gpu("NVIDIA H100 80GB HBM3", index);
  g.pci_device_id = "10de:2330";
  g.memory_total_bytes = 81559ull << 20;
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = g.power.max_limit_w = 700;
  g.power.usage_w = 70;
  g.clocks.sm_max_mhz = 1980;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 5;
  g.pcie.width_max = 16;
  g.nvlink.links_up = g.nvlink.links_queried = 18;
  g.temperature_slowdown_c = 87;
  return g;
}

// As the importer marks every GPU it read from another tool's output.
void mark_imported(GpuInfo& g) { g.extra = {{"source", {{"tool", "nvidia-smi"}, {"file", "nvidia-smi-q.txt"}}}}; }

struct Load {
  double sm_mhz = 0;
  double power_w = 0;
  double temp_c = 0;
  std::vector<std::string> reasons;
  std::optional<int> gen, width;
};

Load load(double sm_mhz, double power_w, double temp_c, std::vector<std::string> reasons = {},
          std::optional<int> gen = std::nullopt, std::optional<int> width = std::nullopt) {
  Load l;
  l.sm_mhz = sm_mhz;
  l.power_w = power_w;
  l.temp_c = temp_c;
  l.reasons = std::move(reasons);
  l.gen = gen;
  l.width = width;
  return l;
}

// The row `gpuaudit import` makes of an nvidia-smi --query-gpu log: no figure, only telemetry.
BenchmarkResult under_load(int gpu, const Load& l) {
  BenchmarkResult b;
  b.name = imports::kUnderLoadRow;
  b.gpu = gpu;
  b.status = "ok";
  b.params = {{"samples_total", 120}, {"samples_under_load", 100}, {"load_criterion", "utilization.gpu >= 50%"}};
  TelemetrySummary t;
  t.samples = 100;
  if (l.sm_mhz > 0) t.sm_clock_mhz = Range{l.sm_mhz * 0.98, l.sm_mhz, l.sm_mhz * 1.01};
  if (l.power_w > 0) t.power_w = Range{l.power_w * 0.9, l.power_w * 0.97, l.power_w};
  if (l.temp_c > 0) t.temperature_c = Range{l.temp_c - 6, l.temp_c - 2, l.temp_c};
  t.gpu_util_pct = Range{60, 99, 100};
  t.clock_event_reasons = l.reasons;
  t.pcie_gen_max_seen = l.gen;
  t.pcie_width_max_seen = l.width;
  b.telemetry = t;
  b.extra = {{"source", {{"tool", "nvidia-smi"}, {"file", "query-gpu.csv"}}}};
  return b;
}

BenchmarkResult figure(const std::string& name, std::optional<int> gpu, double v, const std::string& unit) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.status = "ok";
  b.samples = {v};
  b.summary = summarize(b.samples);
  return b;
}

ResultDocument doc_of(std::vector<GpuInfo> gpus) {
  ResultDocument d;
  d.synthetic = true;
  d.synthetic_source = "score_evidence_test.cpp: typical values of the cards named";
  d.mode = "custom";
  d.gpus = std::move(gpus);
  return d;
}

}  // namespace

// ---- sliced: from state alone ------------------------------------------------------------------

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

// ---- power-capped ---------------------------------------------------------------------------

TEST(EvidencePower, LoweredLimitReachedUnderLoad) {
  GpuInfo g = h100_sxm();
  g.power.limit_w = g.power.enforced_limit_w = 350;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1395, 349, 66, {"sw-power-cap"})));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"power-capped", 0}})) << why(a);
  const Finding* f = find(a, "power-capped");
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "power limit 350 W, board default 700 W")) << why(a);
  EXPECT_TRUE(evidence_has(*f, "at the limit")) << why(a);
  EXPECT_NE(a.headline.find("power-capped: power limit 350 W of 700 W"), std::string::npos) << a.headline;
}

TEST(EvidencePower, UnknownDefaultFallsBackToTheModelsTdp) {
  GpuInfo g = h100_sxm();
  g.power.default_limit_w.reset();
  g.power.max_limit_w.reset();
  g.power.limit_w = g.power.enforced_limit_w = 400;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1500, 400, 60)));  // draw at the limit, no reason column
  const Assessment a = score(d);
  const Finding* f = find(a, "power-capped");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_TRUE(evidence_has(*f, "model's TDP")) << why(a);
  EXPECT_EQ(find(a, "clock-limited"), nullptr);
}

TEST(EvidencePower, L4AtItsDesignCapIsHealthy) {
  // The L4 is held by its 72 W limit on every GEMM; its reference includes that.
  GpuInfo g = idle_gpu("NVIDIA L4");
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = 72;
  g.clocks.sm_max_mhz = 2040;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 4;
  g.pcie.width_max = 16;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1410, 72, 71, {"sw-power-cap"}, 4, 16)));
  Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
  EXPECT_EQ(find(a, "healthy")->confidence, "medium");
  // With its figure at the reference, healthy on the figure.
  d.benchmarks.push_back(figure("gemm/bf16", 0, 56, "TFLOP/s"));
  a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
  EXPECT_EQ(find(a, "healthy")->confidence, "high");
}

// ---- thermal-throttled ------------------------------------------------------------------------

TEST(EvidenceThermal, AtTheSlowdownTemperatureWithTheClockDown) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1590, 560, 90)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"thermal-throttled", 0}})) << why(a);
  const Finding* f = find(a, "thermal-throttled");
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "at or above the card's slowdown temperature, 87 C")) << why(a);
}

TEST(EvidenceThermal, ThermalReasonsUnderLoad) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1600, 560, 84, {"sw-thermal"})));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"thermal-throttled", 0}})) << why(a);
  EXPECT_EQ(find(a, "thermal-throttled")->confidence, "high");
}

TEST(EvidenceThermal, HotAtFullClockIsNotThrottled) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1975, 690, 87)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
}

// NVML's GPU Max Operating Temp is "the temperature at which the GPU can be throttled below base
// clock": a card sitting at it is thermally limited even in an idle snapshot (a laptop part whose
// platform set the limit low), and under load it is a thermal sign like the slowdown threshold.
TEST(EvidenceThermal, IdleSnapshotAtTheMaxOperatingTemperature) {
  GpuInfo g = idle_gpu("NVIDIA GeForce MX330");
  g.temperature_c = 56;
  g.temperature_slowdown_c = 97;
  g.temperature_max_operating_c = 57;
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "thermal-throttled");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "max operating temperature of 57 C")) << why(a);
}

TEST(EvidenceThermal, WellBelowTheMaxOperatingTemperatureIsNotThermal) {
  GpuInfo g = h100_sxm();
  g.temperature_max_operating_c = 87;
  g.temperature_c = 80;  // warm, 7 C under the limit
  EXPECT_EQ(find(score(doc_of({g})), "thermal-throttled"), nullptr);
}

TEST(EvidenceThermal, AtTheMaxOperatingTemperatureUnderLoadWithTheClockDown) {
  GpuInfo g = h100_sxm();
  g.temperature_max_operating_c = 85;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1590, 560, 84)));  // under the 87 C slowdown, at the 85 C limit
  const Assessment a = score(d);
  const Finding* f = find(a, "thermal-throttled");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "at the card's max operating temperature (85 C)")) << why(a);
}

// ---- clock-limited ----------------------------------------------------------------------------

TEST(EvidenceClock, LowClockUnderLoadWithNoCause) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1410, 420, 60)));
  Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"clock-limited", 0}})) << why(a);
  EXPECT_EQ(find(a, "clock-limited")->confidence, "medium");
  d.benchmarks[0].telemetry->clock_event_reasons = {"applications-clocks"};
  a = score(d);
  EXPECT_EQ(find(a, "clock-limited")->confidence, "high") << why(a);
}

TEST(EvidenceClock, GeForceBoostingIsHealthy) {
  // An RTX 4090 reports a 3105 MHz max (the top of its voltage curve) and holds ~2745 MHz: above
  // its rated 2520 MHz boost. Its figures above the reference are no finding either.
  GpuInfo g = idle_gpu("NVIDIA GeForce RTX 4090");
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = 450;
  g.clocks.sm_max_mhz = 3105;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 4;
  g.pcie.width_max = 16;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(2745, 430, 70, {}, 4, 16)));
  d.benchmarks.push_back(figure("gemm/bf16", 0, 190, "TFLOP/s"));  // 115% of its reference
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
}

TEST(EvidenceClock, ExportLimitedH20IsHealthy) {
  // 15% of an H100's tensor rate is what an H20 is built to give.
  GpuInfo g = h100_sxm();
  g.name = "NVIDIA H20";
  g.pci_device_id = "10de:2329";
  g.memory_total_bytes = 97871ull << 20;
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = g.power.max_limit_w = 400;
  g.clocks.sm_max_mhz = 1755;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1755, 380, 62, {}, 5, 16)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
}

// ---- pcie-degraded --------------------------------------------------------------------------

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

// ---- nvlink -------------------------------------------------------------------------------------

TEST(EvidenceNvlink, AllLinksDownOnOneGpuOfAnHgxBox) {
  // nvidia-smi -q of GPU 3 alone: an SXM board with every link down.
  GpuInfo g = h100_sxm(3);
  g.nvlink.links_up = 0;
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "no-nvlink", 3);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  // A one-GPU VM of an HGX board, with no sign of peers, has nothing to talk to: not judged.
  GpuInfo lone = h100_sxm(0);
  lone.nvlink.links_up = 0;
  EXPECT_EQ(find(score(doc_of({lone})), "no-nvlink"), nullptr);
}

TEST(EvidenceNvlink, LinksDownFromStateAlone) {
  GpuInfo g0 = h100_sxm(0), g1 = h100_sxm(1);
  g1.nvlink.links_up = 12;
  const Assessment a = score(doc_of({g0, g1}));
  EXPECT_NE(find(a, "nvlink-degraded", 1), nullptr) << why(a);
}

// ---- multi-GPU: healthy on NCCL, slow NCCL judged without a stored expectation -------------------

ResultDocument eight_h100_with_allreduce(double busbw) {
  std::vector<GpuInfo> gpus;
  for (int i = 0; i < 8; ++i) gpus.push_back(h100_sxm(i));
  ResultDocument d = doc_of(gpus);
  // As the importer writes an nccl-tests all_reduce_perf output: no expectation of its own.
  BenchmarkResult r = figure("nccl/allreduce", std::nullopt, busbw, "GB/s");
  r.params = {{"gpus", 8}, {"nodes", 1}, {"dtype", "float"}, {"op", "sum"}, {"in_place", false}};
  r.derived["peak_busbw_gbs"] = busbw;
  d.benchmarks.push_back(r);
  return d;
}

TEST(EvidenceMultiGpu, FineNcclFiguresAreAHealthyMachine) {
  const Assessment a = score(eight_h100_with_allreduce(470));
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", -1}})) << why(a);
  const Finding* f = find(a, "healthy", std::nullopt);
  EXPECT_TRUE(evidence_has(*f, "nccl/allreduce")) << why(a);
  EXPECT_TRUE(evidence_has(*f, "nvlink4-nvswitch-8gpu")) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::ok);
  EXPECT_NE(a.headline.find("healthy"), std::string::npos) << a.headline;
}

TEST(EvidenceMultiGpu, SlowNcclWithLinksUpIsTheFabric) {
  const Assessment a = score(eight_h100_with_allreduce(180));
  const Finding* f = find(a, "nvlink-degraded", std::nullopt);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
}

// ---- inconclusive ------------------------------------------------------------------------------

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

TEST(EvidenceInconclusive, AnEmptyDocumentIsInconclusive) {
  ResultDocument d;
  d.gpu_status.state = "no-device";
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"inconclusive", -1}})) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::inconclusive);
}

// ---- host-bound ----------------------------------------------------------------------------------

TEST(EvidenceHost, JpegDecodeSlowerThanTheGpusConsume) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1965, 690, 66, {}, 5, 16)));
  BenchmarkResult dec = figure("host/decode_all", std::nullopt, 1500, "images/s");
  dec.derived["feeds_images_per_s"] = 1500;
  d.benchmarks.push_back(dec);
  const Assessment a = score(d);
  const Finding* f = find(a, "host-bound", std::nullopt);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "decode 1500 JPEG images/s")) << why(a);
  // The GPU's own figures pass, but a machine with a finding has no GPU called healthy: a note says it.
  EXPECT_EQ(find(a, "healthy"), nullptr) << why(a);
}
