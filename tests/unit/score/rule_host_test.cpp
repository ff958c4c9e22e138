// score/rule_host.cpp: host-bound from what can be seen (synthetic documents): a host figure taken
// while other processes used the CPUs is contended, a note and not host-bound; steal (over the whole
// run), a CPU quota and a quiet machine's low ratio stay host-bound; decode against what the GPUs
// consume.
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
#include "unit/support/host_rows.hpp"
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

namespace host_cases {

using gpuaudit::host_rows::score;
using gpuaudit::host_rows::find;
using gpuaudit::host_rows::has;
using gpuaudit::host_rows::notes;
using gpuaudit::host_rows::why;
using gpuaudit::host_rows::row;
using gpuaudit::host_rows::cpu_all;
using gpuaudit::host_rows::host_doc;
using gpuaudit::host_rows::h100;
using gpuaudit::host_rows::gpu_doc;

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

}  // namespace host_cases

namespace scenario_cases {

using namespace gpuaudit::score_scenarios;

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

}  // namespace scenario_cases

namespace evidence_cases {

using namespace gpuaudit::evidence_docs;

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

}  // namespace evidence_cases

}  // namespace
