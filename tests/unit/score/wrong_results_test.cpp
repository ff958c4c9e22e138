// score/wrong_results.cpp: find_wrong_results names the GPU outside the majority of identical
// products that ran the same computation; a disagreeing pair names both; other algorithms are not compared.
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
