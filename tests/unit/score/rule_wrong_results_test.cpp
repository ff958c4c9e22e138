// score/rule_wrong_results.cpp: a failed reference check, or output that changed after the soak
// window, is wrong-results, the highest-severity finding. Synthetic documents.
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
