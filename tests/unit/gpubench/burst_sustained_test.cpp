// gpubench/burst_sustained.cpp: the rates of the first and last seconds of a long run from its work
// chunks (synthetic), and which benchmarks sustain.
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
