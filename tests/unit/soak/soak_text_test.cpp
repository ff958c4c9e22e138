// soak/soak_text.cpp: what `gpuaudit soak` prints at the end, on a synthetic record of two GPUs (one
// that held, one that decayed and read different bits) and one whose workload failed, as a terminal
// of 80 and 120 columns shows it (GPUAUDIT_UPDATE_GOLDEN=1 rewrites tests/data/text-golden/soak-synthetic-*.txt).
#include "soak/soak_text.hpp"

#include "unit/support/golden_text.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

SoakRecord record() {
  SoakRecord r;
  r.minutes_requested = 10;
  r.interval_s = 10;
  r.elapsed_s = 600;
  r.workload = "bf16 GEMM 8192^3 (cuBLASLt) + device copy 2 x 1 GiB";
  GpuTimeline held{.gpu = 0, .name = "NVIDIA H100 80GB HBM3"};
  held.decay = SoakDecay{.verdict = "stable", .summary = "GEMM 742 TFLOP/s at the start and 738 after 2 min (99%); SM clock "
                                                         "1980 -> 1965 MHz; 71 C at most"};
  held.output_check = SoakOutputCheck{.checks = 60, .mismatched_checks = 0, .elements = 67108864};
  GpuTimeline hot{.gpu = 1, .name = "NVIDIA H100 80GB HBM3"};
  hot.decay = SoakDecay{.verdict = "decayed", .summary = "GEMM 740 TFLOP/s at the start, 588 after 4 min (79%): the SM clock "
                                                         "fell from 1980 to 1530 MHz at 3.5 min under sw_thermal_slowdown at 87 C"};
  hot.output_check = SoakOutputCheck{.checks = 60, .mismatched_checks = 2, .elements = 67108864, .mismatches = 3,
                                     .first_element = 1048577, .first_t_s = 410};
  GpuTimeline failed{.gpu = 2, .name = "NVIDIA H100 80GB HBM3", .error = "CUDA error 999 (cudaErrorUnknown) at t=120 s"};
  r.gpus = {held, hot, failed};
  return r;
}

TEST(SoakText, SaysEachGpusVerdictAndItsOutputCheck) {
  const std::string t = soak_text(record(), 200);
  EXPECT_EQ(t.rfind("soak: 10.0 of 10.0 min; bf16 GEMM", 0), 0u) << t;
  EXPECT_NE(t.find("GPU 0 NVIDIA H100 80GB HBM3: stable - GEMM 742"), std::string::npos) << t;
  EXPECT_NE(t.find("  output checked 60 times: the same bits every time\n"), std::string::npos) << t;
  EXPECT_NE(t.find("  WRONG RESULTS: 2 of 60 checks differ"), std::string::npos) << t;
  EXPECT_NE(t.find("GPU 2 NVIDIA H100 80GB HBM3: workload failed: CUDA error 999"), std::string::npos) << t;
}

TEST(SoakText, GoldenAt80And120Columns) {
  for (const std::size_t width : {80u, 120u})
    expect_golden_text(soak_text(record(), width), "soak-synthetic-" + std::to_string(width) + ".txt");
}

}  // namespace
}  // namespace gpuaudit
