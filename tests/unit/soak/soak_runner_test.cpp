// soak/soak_runner.cpp: the soak compares every interval's output with the first, records a flipped
// word, and scoring says wrong results for that GPU. Synthetic workloads.
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
