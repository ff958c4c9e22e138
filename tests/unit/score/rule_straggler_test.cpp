// score/rule_straggler.cpp: a GPU well below its identical peers is a straggler, with or without a
// baseline; healthy copies have none. Synthetic documents: a scenario copied onto n GPUs.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/exit_codes.hpp"
#include "measure/burst_sustained.hpp"
#include "measure/output_record.hpp"
#include "run/gpu_schedule.hpp"
#include "run/run_estimate.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/headline.hpp"
#include "score/wrong_results.hpp"
#include "soak/soak_runner.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

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
