// What `run` says while it measures (progress.hpp): the ETA of its steps, learned from how long
// steps take against their budget, the step line, and what is printed with and without a terminal.
#include "measure/sampling_policy.hpp"
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

}  // namespace
}  // namespace gpuaudit
