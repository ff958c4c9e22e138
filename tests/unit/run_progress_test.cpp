// What `run` says while it measures: the ETA of its steps, the step line, the plan it prints
// before measuring (the no-GPU reason said once there), and the help pages' exit-code tables.
#include "core/exit_code_text.hpp"
#include "gpubench/sampling_policy.hpp"
#include "run/plan.hpp"
#include "run/progress.hpp"

#include <gtest/gtest.h>

#include <cstdio>

namespace gpuaudit {
namespace {

TEST(EtaEstimator, SumsTheExpectedStepsUntilOneHasFinished) {
  const EtaEstimator eta({2, 2, 4});
  EXPECT_DOUBLE_EQ(eta.remaining_s(0), 8);
  EXPECT_DOUBLE_EQ(eta.remaining_s(1), 6);
  EXPECT_DOUBLE_EQ(eta.remaining_s(1, 1.5), 4.5);  // the current step's elapsed time counts
  EXPECT_DOUBLE_EQ(eta.remaining_s(2, 10), 0);     // never negative
  EXPECT_DOUBLE_EQ(eta.remaining_s(3), 0);
}

TEST(EtaEstimator, LearnsHowMuchLongerStepsTakeThanTheirBudget) {
  EtaEstimator eta({1, 1, 1, 1});
  eta.finished(0, 3);  // setup and warm-up on top of the sampling budget: 3x
  EXPECT_DOUBLE_EQ(eta.scale(), 3);
  EXPECT_DOUBLE_EQ(eta.remaining_s(1), 9);
  eta.finished(1, 1);  // (3 + 1) / 2
  EXPECT_DOUBLE_EQ(eta.remaining_s(2), 4);
}

TEST(EtaEstimator, OneOddStepCannotMakeTheEstimateAbsurd) {
  EtaEstimator slow({1, 1});
  slow.finished(0, 1000);
  EXPECT_DOUBLE_EQ(slow.scale(), 4);
  EtaEstimator fast({1, 1});
  fast.finished(0, 0);
  EXPECT_DOUBLE_EQ(fast.scale(), 0.25);
}

TEST(EtaEstimator, ExpectsTheSamplingPolicysBudget) {
  EXPECT_DOUBLE_EQ(expected_duration_s(default_policy("quick")), default_policy("quick").budget_s);
  EXPECT_GT(expected_duration_s(default_policy("full")), expected_duration_s(default_policy("quick")));
}

TEST(StepLine, CountsFromOneAndSaysTheTimeLeft) {
  EXPECT_EQ(step_line(11, 27, "gemm/bf16 on GPU 0", 41), "[12/27] gemm/bf16 on GPU 0 ... 41 s left");
  EXPECT_EQ(eta_text(0.4), "0 s left");
  EXPECT_EQ(eta_text(89), "89 s left");
  EXPECT_EQ(eta_text(200), "3 min left");
  EXPECT_EQ(eta_text(3900), "1 h 5 min left");
}

std::string printed(std::FILE* f) {
  std::rewind(f);
  std::string s;
  for (int c; (c = std::fgetc(f)) != EOF;) s += static_cast<char>(c);
  return s;
}

TEST(StderrProgress, PrintsEachStepWithTheTimeLeftLearnedFromTheClock) {
  double now = 100;
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    StderrProgress p(true, [&] { return now; }, f);
    p.steps_planned({{"a on GPU 0", 1}, {"b on GPU 0", 1}, {"c on GPU 0", 1}});
    p.step_started("a on GPU 0");
    now += 2;  // a took 2 s against 1 expected: the rest will too
    p.step_started("b on GPU 0");
    p.note("a note");
  }
  EXPECT_EQ(printed(f), "[1/3] a on GPU 0 ... 3 s left\n[2/3] b on GPU 0 ... 4 s left\na note\n");
  std::fclose(f);
}

TEST(StderrProgress, WithoutATerminalOnlyNotesArePrinted) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    StderrProgress p(false, [] { return 0.0; }, f);
    p.steps_planned({{"a", 1}});
    p.step_started("a");
    p.note("[host] disk: skipped");
  }
  EXPECT_EQ(printed(f), "[host] disk: skipped\n");
  std::fclose(f);
}

ResultDocument two_gpu_doc() {
  ResultDocument d;
  d.mode = "quick";
  for (int i = 0; i < 2; ++i) {
    GpuInfo g;
    g.index = i;
    g.name = "NVIDIA H100 80GB HBM3";
    d.gpus.push_back(g);
  }
  d.software.driver_version = "570.86.15";
  d.software.cuda_driver_version = 12080;
  return d;
}

std::vector<Suite> suites() {
  auto names = [](std::vector<std::string> v) { return [v] { return v; }; };
  return {{"host", 10, false, nullptr, names({"host/cpu"})},
          {"gpu", 20, true, nullptr, names({"hbm/copy", "gemm/bf16"})},
          {"multi-gpu", 30, true, nullptr, names({"nccl/allreduce"})},
          {"host", 1000, false, nullptr, names({"host/cpu"}), true}};
}

TEST(RunPlan, SaysWhatItWillMeasureAndWhere) {
  RunOptions opt;
  const std::string text = run_plan_text(make_run_plan(two_gpu_doc(), suites(), opt, true, "out.json"));
  EXPECT_EQ(text,
            "gpuaudit run (quick)\n"
            "  GPUs     0: NVIDIA H100 80GB HBM3, 1: NVIDIA H100 80GB HBM3\n"
            "  driver   570.86.15 (CUDA 12.8)\n"
            "  suites   host, gpu, multi-gpu\n"
            "  writing  out.json\n");
}

TEST(RunPlan, NamesTheSelectedGpusAndSuitesOnly) {
  RunOptions opt;
  opt.gpus = {1};
  opt.only = {"hbm"};
  const RunPlan p = make_run_plan(two_gpu_doc(), suites(), opt, true, "-");
  EXPECT_EQ(p.gpus, std::vector<std::string>{"1: NVIDIA H100 80GB HBM3"});
  EXPECT_EQ(p.suites, std::vector<std::string>{"gpu"});
  EXPECT_NE(run_plan_text(p).find("  writing  the document to stdout\n"), std::string::npos);
}

// The message itself ("no NVIDIA driver found: ...") is the verdict's to say, once.
TEST(RunPlan, NamesTheNoGpuStateForEverySuiteThatNeedsOne) {
  ResultDocument d;
  d.mode = "quick";
  d.gpu_status = {"no-driver", "no NVIDIA driver (libnvidia-ml.so.1 not found)", {}};
  const std::string text = run_plan_text(make_run_plan(d, suites(), RunOptions{}, false, "o.json"));
  EXPECT_EQ(text,
            "gpuaudit run (quick)\n"
            "  GPUs     none (no-driver)\n"
            "  driver   none\n"
            "  suites   host\n"
            "  skipped  gpu, multi-gpu: no usable GPU (no-driver)\n"
            "  writing  o.json\n");
}

TEST(ExitCodeTable, ListsOnlyTheGivenCodesWithTheCommandsWording) {
  EXPECT_EQ(exit_code_table({{0, "written"}, {2, ""}, {5, ""}}),
            "Exit codes:\n"
            "  0    written\n"
            "  2    usage or input error (the file and field are named)\n"
            "  5    could not write an output (disk full, read-only)");
  const auto all = all_exit_codes();
  ASSERT_EQ(all.size(), 10u);
  for (const auto& [code, meaning] : all) EXPECT_FALSE(exit_code_meaning(code).empty()) << code;
}

}  // namespace
}  // namespace gpuaudit
