// Issue 16's host logic: the concurrent schedule (with a fake device backend), the --quick time
// estimate, burst/sustained rates, the straggler, sustained-drop and wrong-results rules on
// fabricated (synthetic) documents, and the soak's output check.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/exit_codes.hpp"
#include "gpubench/burst_sustained.hpp"
#include "gpubench/output_record.hpp"
#include "run/gpu_schedule.hpp"
#include "run/run_estimate.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/headline.hpp"
#include "score/wrong_results.hpp"
#include "soak/soak_runner.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

// The registrations of benchmarks/*.cpp (name, order, full_only, all_gpus), as of this commit.
std::vector<ScheduleBench> registered() {
  return {{"gemm/bf16", 101, false, false},        {"gemm/fp16", 100, false, false},
          {"gemm/fp8", 103, false, false},         {"gemm/tf32", 102, false, false},
          {"hbm/copy", 52, false, false},          {"hbm/read", 50, false, false},
          {"hbm/triad", 53, false, false},         {"hbm/write", 51, false, false},
          {"l2/read", 60, false, false},           {"mem/allocatable", 1000, false, false},
          {"pcie/bidir_pageable", 76, true, false}, {"pcie/bidir_pinned", 72, false, false},
          {"pcie/d2h_pageable", 74, false, false}, {"pcie/d2h_pinned", 71, false, false},
          {"pcie/h2d_all", 80, false, true},       {"pcie/h2d_pageable", 73, false, false},
          {"pcie/h2d_pinned", 70, false, false},   {"pcie/h2d_pinned_remote", 75, true, false},
          {"sm/contention", 90, false, false},     {"sm/fp32", 20, false, false},
          {"sm/fp64", 21, false, false},           {"sm/int32", 22, false, false},
          {"sm/launch", 30, false, false},         {"sm/launch_sync", 31, false, false},
          {"tensor/mma_bf16", 41, false, false},   {"tensor/mma_fp16", 40, false, false},
          {"sm/census", 10, false, false}};
}

// Records when each (step, slot) started and how many ran at once.
class FakeBackend final : public StepBackend {
 public:
  Measurement run(const ScheduleStep& step, int slot) override {
    const int now = ++running_;
    int seen = max_running_.load();
    while (now > seen && !max_running_.compare_exchange_weak(seen, now)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    --running_;
    if (step.bench == "boom" && slot == 1) throw std::runtime_error("fake device fault");
    Measurement m;
    m.samples = {100.0 + slot};
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.push_back(step.bench + "@" + std::to_string(slot));
    return m;
  }
  std::atomic<int> running_{0}, max_running_{0};
  std::mutex mutex_;
  std::vector<std::string> calls_;
};

}  // namespace

TEST(GpuSchedule, ConcurrentRunsEachBenchmarkOnAllGpusAndHostLinkCopiesAloneToo) {
  const auto steps = plan_schedule({{"sm/fp32", 20, false, false}, {"pcie/h2d_pinned", 70, false, false},
                                    {"pcie/h2d_all", 80, false, true}, {"pcie/bidir_pageable", 76, true, false}},
                                   3, "quick", false, nullptr);
  ASSERT_EQ(steps.size(), 6u);
  EXPECT_EQ(steps[0].bench, "sm/fp32");
  EXPECT_EQ(steps[0].slots, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(steps[0].concurrency, "all-gpus");
  for (int i = 1; i <= 3; ++i) {
    EXPECT_EQ(steps[i].bench, "pcie/h2d_pinned");
    EXPECT_EQ(steps[i].slots, (std::vector<int>{i - 1}));
    EXPECT_EQ(steps[i].concurrency, "alone");
  }
  EXPECT_EQ(steps[4].concurrency, "all-gpus");
  EXPECT_EQ(steps[4].slots.size(), 3u);
  EXPECT_TRUE(steps[5].all_gpus_bench);  // pcie/h2d_all once; pcie/bidir_pageable is full-only
}

TEST(GpuSchedule, SequentialKeepsOneGpuAfterAnotherAndOneGpuIsAlwaysAlone) {
  const auto seq = plan_schedule({{"a/x", 1, false, false}, {"b/y", 2, false, false}}, 2, "quick", true, nullptr);
  ASSERT_EQ(seq.size(), 4u);
  EXPECT_EQ(seq[0].bench + std::to_string(seq[0].slots[0]), "a/x0");
  EXPECT_EQ(seq[1].bench + std::to_string(seq[1].slots[0]), "b/y0");
  EXPECT_EQ(seq[2].bench + std::to_string(seq[2].slots[0]), "a/x1");
  for (const auto& s : seq) EXPECT_EQ(s.concurrency, "alone");
  const auto one = plan_schedule({{"pcie/h2d_pinned", 1, false, false}}, 1, "quick", false, nullptr);
  ASSERT_EQ(one.size(), 1u);  // no separate alone pass with a single GPU
  EXPECT_EQ(one[0].concurrency, "alone");
}

TEST(GpuSchedule, StepsStartTogetherAndRecordInSlotOrder) {
  FakeBackend backend;
  const std::vector<ScheduleStep> steps{{"sm/fp32", {0, 1, 2, 3}, kAllGpus, false}, {"boom", {0, 1}, kAllGpus, false}};
  std::vector<std::string> recorded;
  ScheduleHooks hooks;
  hooks.record = [&](const ScheduleStep& st, int slot, const Measurement& m) {
    recorded.push_back(st.bench + "@" + std::to_string(slot) + ":" + m.status + ":" + m.params.value("concurrency", ""));
  };
  EXPECT_EQ(execute_schedule(steps, backend, hooks), 2);
  EXPECT_EQ(backend.max_running_.load(), 4);  // the barrier released all four at once
  EXPECT_EQ(recorded, (std::vector<std::string>{"sm/fp32@0:ok:all-gpus", "sm/fp32@1:ok:all-gpus", "sm/fp32@2:ok:all-gpus",
                                                "sm/fp32@3:ok:all-gpus", "boom@0:ok:all-gpus", "boom@1:error:all-gpus"}));
}

TEST(GpuSchedule, InterruptStopsBeforeTheNextStep) {
  FakeBackend backend;
  int checks = 0;
  ScheduleHooks hooks;
  hooks.interrupted = [&] { return ++checks > 1; };
  EXPECT_EQ(execute_schedule({{"a/x", {0}, kAlone, false}, {"b/y", {0}, kAlone, false}}, backend, hooks), 1);
}

TEST(GpuSchedule, HostLinkRowsTogetherAreLabelledAndNotJudged) {
  Measurement m;
  stamp_concurrency(m, {"pcie/d2h_pinned", {0, 1}, kAllGpus, false});
  EXPECT_EQ(m.params["concurrency"], "all-gpus");
  EXPECT_EQ(m.params["concurrent_gpus"], 2);
  EXPECT_TRUE(m.params["shares_host_link"].get<bool>());
  Measurement c;
  stamp_concurrency(c, {"gemm/bf16", {0, 1}, kAllGpus, false});
  EXPECT_FALSE(c.params.contains("shares_host_link"));
}

TEST(RunEstimate, QuickOnEightGpusTakesAboutOneGpusTime) {
  const auto one = plan_schedule(registered(), 1, "quick", false, nullptr);
  const auto eight = plan_schedule(registered(), 8, "quick", false, nullptr);
  const auto eight_seq = plan_schedule(registered(), 8, "quick", true, nullptr);
  const double t1 = schedule_seconds(one, "quick"), t8 = schedule_seconds(eight, "quick"),
               t8s = schedule_seconds(eight_seq, "quick");
  const double b1 = schedule_seconds(one, "quick", EstimateCase::budget), b8 = schedule_seconds(eight, "quick", EstimateCase::budget);
  std::printf("quick estimate (typical / every budget spent): 1 GPU %.0f / %.0f s, 8 GPUs at once %.0f / %.0f s, "
              "8 GPUs one after another %.0f s\n", t1, b1, t8, b8, t8s);
  EXPECT_LE(t8, 60.0);
  EXPECT_LE(t8, 1.2 * t1);  // only the alone pass of pcie/h2d_pinned grows with the GPU count
  EXPECT_GE(t8s, 7 * t1);
  const double f1 = schedule_seconds(plan_schedule(registered(), 1, "full", false, nullptr), "full");
  const double f8 = schedule_seconds(plan_schedule(registered(), 8, "full", false, nullptr), "full");
  std::printf("full estimate (typical): 1 GPU %.0f s, 8 GPUs at once %.0f s\n", f1, f8);
  EXPECT_LE(f8, 1.5 * f1);
}

TEST(GpuSchedule, QuickGivesOnlyTheLinkFigureAnAlonePassFullGivesEveryCopyOne) {
  const std::vector<ScheduleBench> b{{"pcie/h2d_pinned", 70, false, false}, {"pcie/d2h_pinned", 71, false, false}};
  EXPECT_EQ(plan_schedule(b, 4, "quick", false, nullptr).size(), 4u + 1 + 1);
  EXPECT_EQ(plan_schedule(b, 4, "full", false, nullptr).size(), 2 * (4u + 1));
}

TEST(BurstSustained, RatesOfTheFirstAndLastSecondsFromChunks) {
  std::vector<WorkChunk> chunks;
  // 10 s of 0.1 s chunks: 100 units/s for 5 s, then 80 units/s (synthetic).
  for (int i = 1; i <= 100; ++i) chunks.push_back({100.0 + i * 0.1, i <= 50 ? 10.0 : 8.0});
  const auto r = burst_and_sustained(100.0, chunks, 2.0, 2.0);
  ASSERT_TRUE(r);
  EXPECT_NEAR(r->burst.rate, 100.0, 1e-6);
  EXPECT_NEAR(r->sustained.rate, 80.0, 1e-6);
  const json p = burst_sustained_params(*r, 10.0, 1.0, "tflops");
  EXPECT_NEAR(p["sustained_ratio"].get<double>(), 0.8, 1e-9);
  EXPECT_NEAR(p["sustained"]["from_s"].get<double>(), 8.0, 1e-6);
  EXPECT_FALSE(burst_and_sustained(100.0, {{100.5, 1.0}}, 2.0, 2.0));  // windows overlap: no figure
  EXPECT_TRUE(sustain_plan("gemm/bf16", "quick").enabled);
  EXPECT_FALSE(sustain_plan("gemm/fp16", "quick").enabled);
  EXPECT_TRUE(sustain_plan("gemm/fp8", "full").enabled);
  EXPECT_FALSE(sustain_plan("hbm/copy", "full").enabled);
}

namespace {

Assessment score(const ResultDocument& doc) { return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}); }

// A synthetic n-GPU document: the healthy H100 scenario's GPU and figures copied to every index.
ResultDocument copies_of(const std::string& scenario, int n) {
  ResultDocument one = read_result(fs::path(GPUAUDIT_TEST_DATA) / "scenarios" / (scenario + ".synthetic.json"));
  ResultDocument doc = one;
  doc.synthetic_source = "multigpu_rules_test: " + scenario + " copied to " + std::to_string(n) + " GPUs";
  doc.gpus.clear();
  doc.benchmarks.clear();
  for (int i = 0; i < n; ++i) {
    GpuInfo g = one.gpus.front();
    g.index = i;
    g.uuid = "GPU-synthetic-" + std::to_string(i);
    g.pci_bus_id = "00000000:" + std::to_string(10 + i) + ":00.0";
    doc.gpus.push_back(g);
    for (auto b : one.benchmarks) {
      if (b.gpu) b.gpu = i;
      else if (i > 0) continue;
      doc.benchmarks.push_back(b);
    }
  }
  return doc;
}

void scale(ResultDocument& doc, const std::string& name, int gpu, double f) {
  for (auto& b : doc.benchmarks)
    if (b.name == name && b.gpu == gpu) {
      for (auto& s : b.samples) s *= f;
      b.summary = summarize(b.samples);
    }
}

const Finding* finding(const Assessment& a, const std::string& id, std::optional<int> gpu) {
  for (const auto& f : a.findings)
    if (f.id == id && f.gpu == gpu) return &f;
  return nullptr;
}

int count(const Assessment& a, const std::string& id) {
  int n = 0;
  for (const auto& f : a.findings) n += f.id == id ? 1 : 0;
  return n;
}

}  // namespace

TEST(StragglerRule, HealthyCopiesHaveNoStraggler) {
  const Assessment a = score(copies_of("h100-sxm-healthy", 4));
  EXPECT_EQ(count(a, "straggler"), 0);
  EXPECT_EQ(count(a, "healthy"), 4);
}

TEST(StragglerRule, OneGpuTwelvePercentBelowItsPeersIsFlaggedEvenWithinTolerance) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 4);
  scale(doc, "gemm/bf16", 2, 0.88);  // inside the baseline's +-15%, outside the 10% peer margin
  const Assessment a = score(doc);
  const Finding* f = finding(a, "straggler", 2);
  ASSERT_TRUE(f);
  EXPECT_EQ(count(a, "straggler"), 1);
  EXPECT_EQ(f->confidence, "medium");  // one figure, gap under twice the margin
  EXPECT_NEAR(f->figures.at("gemm/bf16_peer_ratio"), 0.88, 1e-6);
  EXPECT_EQ(f->figures.at("peers"), 3);
  EXPECT_NE(f->evidence.front().find("peer median"), std::string::npos);
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
}

TEST(StragglerRule, NoBaselineNeededThePeersAreTheReference) {
  ResultDocument doc = copies_of("unknown-gpu", 3);
  std::string figure;
  for (const auto& b : doc.benchmarks)
    if (b.gpu == 0 && b.value() && (b.name.rfind("hbm/", 0) == 0 || b.name.rfind("gemm/", 0) == 0 || b.name.rfind("sm/fp32", 0) == 0))
      figure = b.name;
  ASSERT_FALSE(figure.empty());
  scale(doc, figure, 1, 0.7);
  const Assessment a = score(doc);
  const Finding* f = finding(a, "straggler", 1);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->confidence, "high");  // 30% below: more than twice the margin, two peers
}

TEST(StragglerRule, APairWithinTheBaselineIsNoStragglerAndOutsideItIsLowConfidence) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 2);
  scale(doc, "gemm/bf16", 1, 0.88);
  EXPECT_FALSE(finding(score(doc), "straggler", 1));  // the baseline says both are fine
  scale(doc, "hbm/copy", 1, 0.80);
  const Assessment a = score(doc);
  const Finding* f = finding(a, "straggler", 1);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_FALSE(finding(a, "straggler", 0));
}

namespace {
json phase(double tflops, double sm_mhz, double temp_c, std::vector<std::string> reasons) {
  TelemetrySummary t;
  t.samples = 8;
  t.sm_clock_mhz = Range{sm_mhz, sm_mhz, sm_mhz};
  t.temperature_c = Range{temp_c - 2, temp_c - 1, temp_c};
  t.power_w = Range{600, 650, 690};
  t.clock_event_reasons = std::move(reasons);
  return {{"tflops", tflops}, {"from_s", 0}, {"seconds", 2}, {"telemetry", t}};
}

void set_burst(ResultDocument& doc, int gpu, json burst, json sustained) {
  for (auto& b : doc.benchmarks)
    if (b.name == "gemm/bf16" && b.gpu == gpu) {
      b.params["soak_window_s"] = 10;
      b.params["burst"] = std::move(burst);
      b.params["sustained"] = std::move(sustained);
    }
}
}  // namespace

TEST(SustainedRule, ThermalDropIsAFindingWithItsCause) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 1);
  set_burst(doc, 0, phase(700, 1980, 60, {}), phase(560, 1500, 88, {"sw-thermal"}));
  const Assessment a = score(doc);
  const Finding* f = finding(a, "sustained-drop", 0);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_EQ(f->extra["cause"], "thermal");
  EXPECT_NEAR(f->figures.at("sustained_ratio"), 0.8, 1e-9);
  EXPECT_NE(f->summary.find("too hot"), std::string::npos);
}

TEST(SustainedRule, PowerAndUnexplainedCausesAndASmallDropIsFine) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 3);
  set_burst(doc, 0, phase(700, 1980, 60, {}), phase(600, 1700, 70, {"sw-power-cap"}));
  set_burst(doc, 1, phase(700, 1980, 60, {}), phase(600, 1975, 62, {}));
  set_burst(doc, 2, phase(700, 1980, 60, {}), phase(665, 1900, 65, {"sw-power-cap"}));  // 95%: within 10%
  const Assessment a = score(doc);
  ASSERT_TRUE(finding(a, "sustained-drop", 0));
  EXPECT_EQ(finding(a, "sustained-drop", 0)->extra["cause"], "power");
  ASSERT_TRUE(finding(a, "sustained-drop", 1));
  EXPECT_EQ(finding(a, "sustained-drop", 1)->extra["cause"], "unexplained");
  EXPECT_EQ(finding(a, "sustained-drop", 1)->confidence, "medium");
  EXPECT_FALSE(finding(a, "sustained-drop", 2));
}

TEST(WrongResults, AFailedReferenceCheckIsTheHighestSeverityFinding) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 2);
  for (auto& b : doc.benchmarks)
    if (b.name == "gemm/bf16" && b.gpu == 1) {
      CheckOutcome c;
      c.ok = false;
      c.checked = 512;
      c.mismatches = 3;
      c.first_index = 4242;
      c.first_got = 12.5;
      c.first_expected = 3.25;
      c.first_tolerance = 0.01;
      const std::vector<std::uint32_t> words{1, 2, 3};
      b.status = "check-failed";
      b.message = "element 4242: got 12.5, expected 3.25 (tolerance 0.01) (3 of 512 differ)";
      b.params["output_check"] = output_check_json(c, 7, words);
      b.samples.clear();
      b.summary.reset();
    }
  const Assessment a = score(doc);
  const Finding* f = finding(a, "wrong-results", 1);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_EQ(f->figures.at("mismatched_elements"), 3);
  EXPECT_NE(f->evidence.front().find("3 of 512 elements differ"), std::string::npos);
  EXPECT_NE(f->evidence.front().find("element 4242"), std::string::npos);
  EXPECT_EQ(finding_priority("wrong-results"), 0);
  EXPECT_NE(a.headline.find("WRONG RESULTS"), std::string::npos) << a.headline;
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
}

namespace {
void set_output(ResultDocument& doc, int gpu, std::vector<std::uint32_t> words) {
  CheckOutcome ok;
  ok.checked = words.size();
  for (auto& b : doc.benchmarks)
    if (b.name == "gemm/bf16" && b.gpu == gpu) {
      b.params["m"] = 8192;
      b.params["n"] = 8192;
      b.params["k"] = 8192;
      b.params["algorithm_rank"] = 0;
      b.params["output_check"] = output_check_json(ok, 99, words);
    }
}
}  // namespace

TEST(WrongResults, TheGpuOutsideTheMajorityOfIdenticalProducts) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 3);
  set_output(doc, 0, {10, 20, 30, 40});
  set_output(doc, 1, {10, 20, 31, 40});
  set_output(doc, 2, {10, 20, 30, 40});
  const auto wrong = find_wrong_results(doc);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0].gpu, 1);
  EXPECT_EQ(*wrong[0].mismatches, 1u);
  EXPECT_NE(wrong[0].first.find("checked element 2"), std::string::npos);
  // A pair that disagrees: both are named, which one is wrong is not known.
  ResultDocument pair = copies_of("h100-sxm-healthy", 2);
  set_output(pair, 0, {1, 2});
  set_output(pair, 1, {1, 3});
  EXPECT_EQ(find_wrong_results(pair).size(), 2u);
  // Different algorithms are different computations: not compared.
  for (auto& b : pair.benchmarks)
    if (b.name == "gemm/bf16" && b.gpu == 1) b.params["algorithm_rank"] = 3;
  EXPECT_TRUE(find_wrong_results(pair).empty());
}

TEST(WrongResults, OutputChangedAfterTheSoakWindow) {
  ResultDocument doc = copies_of("h100-sxm-healthy", 1);
  for (auto& b : doc.benchmarks)
    if (b.name == "gemm/bf16")
      b.params["output_check"] = {{"after_soak", {{"elements_compared", 512}, {"mismatches", 2},
                                                  {"first_mismatch", {{"element", 17}, {"got_bits", 5}, {"expected_bits", 6}}}}}};
  const Assessment a = score(doc);
  ASSERT_TRUE(finding(a, "wrong-results", 0));
  EXPECT_FALSE(finding(a, "healthy", 0));
}

TEST(SoakOutputCheck, ComparesEveryIntervalWithTheFirst) {
  std::vector<std::uint16_t> ref;
  SoakOutputCheck c;
  check_soak_output({1, 2, 3, 4}, 10, ref, c);
  check_soak_output({1, 2, 3, 4}, 20, ref, c);
  EXPECT_EQ(c.checks, 1);
  EXPECT_EQ(c.mismatched_checks, 0);
  check_soak_output({1, 9, 3, 8}, 30, ref, c);
  EXPECT_EQ(c.mismatched_checks, 1);
  EXPECT_EQ(c.mismatches, 2u);
  EXPECT_EQ(*c.first_element, 1u);
  EXPECT_EQ(*c.first_got_bits, 9u);
  EXPECT_EQ(*c.first_t_s, 30);
  EXPECT_FALSE(c.reference_checksum.empty());
}

namespace {
// A synthetic soak workload: a fixed output, with one word flipped from interval `flip_from` on.
class FlakyWorkload final : public SoakWorkload {
 public:
  explicit FlakyWorkload(int flip_from) : flip_from_(flip_from) {}
  double gemm_tflops_for(double) override { return 700; }
  double hbm_gbs_for(double) override { return 3000; }
  bool gemm_output(std::vector<std::uint16_t>& out) override {
    out.assign(64, 0x3f80);
    if (flip_from_ >= 0 && ++calls_ > flip_from_) out[7] = 0x3f81;
    return true;
  }
  std::string describe() const override { return "synthetic"; }

 private:
  int flip_from_, calls_ = 0;
};
}  // namespace

TEST(SoakOutputCheck, TheSoakRecordsAFlippedWordAndTheScoreSaysWrongResults) {
  FlakyWorkload good(-1), bad(2);
  std::atomic<bool> stop{false};
  const SoakRecord rec = run_soak({.minutes = 0.002, .interval_s = 0.02, .telemetry_period_s = 0.005},
                                  {{0, "NVIDIA H100 80GB HBM3", &good}, {1, "NVIDIA H100 80GB HBM3", &bad}}, nullptr, stop, nullptr);
  ASSERT_GE(rec.gpus[1].points.size(), 3u);
  ASSERT_TRUE(rec.gpus[1].output_check);
  EXPECT_GE(rec.gpus[1].output_check->mismatched_checks, 1);
  EXPECT_EQ(*rec.gpus[1].output_check->first_element, 7u);
  EXPECT_EQ(rec.gpus[0].output_check->mismatched_checks, 0);
  ResultDocument doc = copies_of("h100-sxm-healthy", 2);
  doc.extra["soak"] = rec;
  const auto wrong = find_wrong_results(doc);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0].gpu, 1);
  EXPECT_EQ(wrong[0].source, "soak");
}
