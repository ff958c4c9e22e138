// host-bound from what can be seen, on documents built here (synthetic: every document says so in
// its `synthetic` field): a host figure taken while other processes used the CPUs is "contended",
// a note and not host-bound; steal, a CPU quota and a quiet machine's low ratio stay host-bound;
// remote-NUMA copies and decode against what the GPUs consume (issue #12 item 4).
#include "baselines/baseline_set.hpp"
#include "core/exit_codes.hpp"
#include "core/stats.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

Assessment score(const ResultDocument& doc) {
  return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}, nullptr);
}

const Finding* find(const Assessment& a, const std::string& id) {
  for (const auto& f : a.findings)
    if (f.id == id) return &f;
  return nullptr;
}

bool has(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& l : lines)
    if (l.find(text) != std::string::npos) return true;
  return false;
}

std::vector<std::string> notes(const Assessment& a) {
  std::vector<std::string> out;
  if (auto n = a.extra.find("notes"); n != a.extra.end())
    for (const auto& x : *n) out.push_back(x.get<std::string>());
  return out;
}

std::string why(const Assessment& a) { return a.headline + "\n" + assessment_text(a); }

BenchmarkResult row(const std::string& name, double v, const std::string& unit, std::optional<int> gpu = std::nullopt) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.status = "ok";
  b.samples = {v * 0.99, v, v * 1.01};
  b.summary = summarize(b.samples);
  return b;
}

// The all-core check of a 2-vCPU VM: `ratio`, with `foreign`% of the CPUs used by other processes.
BenchmarkResult cpu_all(double ratio, std::optional<double> foreign) {
  BenchmarkResult b = row("host/cpu_all", 2 * ratio * 9000, "Mops/s");
  b.derived["all_core_ratio"] = ratio;
  if (foreign) b.derived["foreign_cpu_pct"] = *foreign;
  b.params = {{"vcpus", 2}};
  return b;
}

ResultDocument host_doc(std::vector<BenchmarkResult> rows) {
  ResultDocument d;
  d.synthetic = true;
  d.synthetic_source = "score_host_synthetic_test.cpp: fabricated host rows";
  d.gpu_status.state = "no-driver";
  d.mode = "quick+only";  // `gpuaudit run --only host/...`, as cmd_run writes it
  d.benchmarks = std::move(rows);
  return d;
}

TEST(HostContended, ALowRatioUnderForeignLoadIsContendedNotHostBound) {
  // The case of issue #14: load 5.9 on 2 vCPUs from other processes, all-core ratio 0.47.
  const Assessment a = score(host_doc({row("host/cpu_single", 9000, "Mops/s"), cpu_all(0.47, 62)}));
  EXPECT_EQ(find(a, "host-bound"), nullptr) << why(a);
  EXPECT_TRUE(has(notes(a), "host/cpu_all: contended by other processes (62% of the CPUs during the check")) << why(a);
  EXPECT_TRUE(has(notes(a), "all-core ratio 0.47")) << why(a);
  EXPECT_EQ(a.extra.value("host_figures_contended", 0), 1);
  EXPECT_EQ(a.extra.value("host_figures_judged", 0), 1);  // cpu_single, whose own figure is fine
  EXPECT_NE(assessment_text(a).find("1 host figure contended by other processes, not judged"), std::string::npos) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::ok);
}

TEST(HostContended, ALowRatioOnAQuietMachineIsHostBound) {
  const Assessment a = score(host_doc({cpu_all(0.47, 1.5)}));
  const Finding* f = find(a, "host-bound");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_TRUE(has(f->evidence, "other processes used 1.5% of the CPUs meanwhile")) << why(a);
  EXPECT_NEAR(f->figures.at("foreign_cpu_pct"), 1.5, 1e-12);
  EXPECT_TRUE(notes(a).empty());
}

TEST(HostContended, AnOldDocumentWithoutTheShareIsJudgedAsBefore) {
  const Assessment a = score(host_doc({cpu_all(0.47, std::nullopt)}));
  ASSERT_NE(find(a, "host-bound"), nullptr) << why(a);
}

TEST(HostContended, StealStaysHostBoundAndSaysWhatWasLeftOut) {
  BenchmarkResult steal = row("host/steal", 0.5, "%");
  steal.derived["whole_run_pct"] = 12;
  const Assessment a = score(host_doc({cpu_all(0.47, 62), steal}));
  const Finding* f = find(a, "host-bound");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(has(f->evidence, "host/steal over the whole run: 12.0%")) << why(a);
  EXPECT_TRUE(has(f->evidence, "not counted: 1 figure(s) contended by other processes (up to 62% of the CPUs)")) << why(a);
  EXPECT_EQ(f->figures.count("all_core_ratio"), 0u);
}

TEST(HostContended, ACpuQuotaExplainsALowRatioWhateverTheLoad) {
  BenchmarkResult b = cpu_all(0.3, 55);
  b.params = {{"vcpus", 8}, {"cgroup_cpu_limit", 2.0}};
  const Assessment a = score(host_doc({b}));
  const Finding* f = find(a, "host-bound");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_TRUE(has(f->evidence, "a CPU quota (cgroup cpu.max) of 2.0 CPUs for 8 vCPUs")) << why(a);
}

TEST(HostContended, TheThresholdIsARuleThresholdFilesCanSet) {
  Thresholds t;
  t.rules.contended_cpu_pct = 80;  // a site that accepts busy hosts: 62% is then judged
  const Assessment a = assess(host_doc({cpu_all(0.47, 62)}), reference_lookup(repo_baselines()), repo_baselines().version, t, nullptr);
  ASSERT_NE(find(a, "host-bound"), nullptr) << why(a);
  EXPECT_NO_THROW(parse_thresholds(json{{"rules", {{"contended_cpu_pct", 25}}}}, "t.json"));
}

// ---- against what the GPUs consume -------------------------------------------------------------

GpuInfo h100(int index) {
  GpuInfo g;
  g.index = index;
  g.name = "NVIDIA H100 80GB HBM3";
  g.pci_device_id = "10de:2330";
  g.memory_total_bytes = 81559ull << 20;
  g.virtualization_mode = "none";
  g.numa_node = 0;
  return g;
}

ResultDocument gpu_doc(std::vector<BenchmarkResult> rows) {
  ResultDocument d = host_doc(std::move(rows));
  d.gpu_status.state = "ok";
  d.gpus = {h100(0)};
  return d;
}

TEST(HostFeed, DecodeShortOfTheMeasuredGemmUnderForeignLoadIsContended) {
  BenchmarkResult gemm = row("gemm/bf16", 700, "TFLOP/s", 0);
  BenchmarkResult dec = row("host/decode_all", 1500, "images/s");
  dec.derived["feeds_images_per_s"] = 1500;
  dec.derived["foreign_cpu_pct"] = 40;
  const Assessment a = score(gpu_doc({gemm, dec}));
  EXPECT_EQ(find(a, "host-bound"), nullptr) << why(a);
  EXPECT_TRUE(has(notes(a), "host/decode_all: contended by other processes (40%")) << why(a);
  EXPECT_TRUE(has(notes(a), "the GPUs' appetite about 7000")) << why(a);  // 10 images/s per measured TFLOP/s
}

TEST(HostFeed, DecodeShortOfTheMeasuredGemmOnAQuietHostCannotFeedIt) {
  BenchmarkResult gemm = row("gemm/bf16", 700, "TFLOP/s", 0);
  BenchmarkResult dec = row("host/decode_all", 1500, "images/s");
  dec.derived["feeds_images_per_s"] = 1500;
  dec.derived["foreign_cpu_pct"] = 2;
  const Assessment a = score(gpu_doc({gemm, dec}));
  const Finding* f = find(a, "host-bound");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(has(f->evidence, "the GPUs' appetite is about 7000 images/s")) << why(a);
}

TEST(HostFeed, DecodeAboveWhatTheGpuConsumesIsNoFinding) {
  BenchmarkResult gemm = row("gemm/bf16", 700, "TFLOP/s", 0);
  BenchmarkResult dec = row("host/decode_all", 9000, "images/s");
  dec.derived["feeds_images_per_s"] = 9000;
  const Assessment a = score(gpu_doc({gemm, dec}));
  EXPECT_EQ(find(a, "host-bound"), nullptr) << why(a);
}

TEST(HostNuma, RemoteCopiesMuchSlowerMeanPlacementMatters) {
  const Assessment a = score(gpu_doc({row("pcie/h2d_pinned", 55, "GB/s", 0), row("pcie/h2d_pinned_remote", 30, "GB/s", 0)}));
  const Finding* f = find(a, "numa-misplaced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_NEAR(f->figures.at("remote_to_local"), 30.0 / 55, 1e-9);
  EXPECT_NE(f->summary.find("pin the data loader"), std::string::npos) << f->summary;
}

TEST(HostNuma, RemoteCopiesFasterMeanTheAffinityIsWrong) {
  const Assessment a = score(gpu_doc({row("pcie/h2d_pinned", 30, "GB/s", 0), row("pcie/h2d_pinned_remote", 52, "GB/s", 0)}));
  const Finding* f = find(a, "numa-misplaced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_NE(f->summary.find("NUMA affinity is wrong"), std::string::npos) << f->summary;
}

TEST(HostNuma, RemoteCopiesAtAboutTheSameRateAreFine) {
  const Assessment a = score(gpu_doc({row("pcie/h2d_pinned", 55, "GB/s", 0), row("pcie/h2d_pinned_remote", 50, "GB/s", 0)}));
  EXPECT_EQ(find(a, "numa-misplaced"), nullptr) << why(a);
}

}  // namespace
