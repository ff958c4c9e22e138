// How a benchmark's measurement becomes a result row (measurement.hpp): the median of the ok samples
// is the figure, a failed check keeps none, a bad sample is an error.
#include "measure/measurement.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpuaudit;

namespace {
const BenchmarkInfo kCopy{"hbm/copy", "GB/s", true};
}

TEST(Measurement, OkSamplesBecomeASummaryAndTheMedianIsTheFigure) {
  Measurement m;
  m.samples = {4300, 4310, 4290};
  m.derived["x"] = 1;
  m.params["array_bytes"] = 1024;
  const auto r = to_benchmark_result(kCopy, 0, m);
  EXPECT_EQ(r.status, "ok");
  ASSERT_TRUE(r.value());
  EXPECT_DOUBLE_EQ(*r.value(), 4300);
  EXPECT_EQ(r.summary->n, 3);
  EXPECT_EQ(r.gpu, 0);
  EXPECT_EQ(r.unit, "GB/s");
  EXPECT_EQ(r.params["array_bytes"], 1024);
  EXPECT_EQ(r.derived.at("x"), 1);
}

TEST(Measurement, AFailedCheckKeepsNoFigureAndNoSamples) {
  Measurement m = check_failed("element 7: got nan");
  m.samples = {1, 2, 3};
  const auto r = to_benchmark_result(kCopy, 1, m);
  EXPECT_EQ(r.status, "check-failed");
  EXPECT_FALSE(r.value());
  EXPECT_TRUE(r.samples.empty());
  EXPECT_EQ(r.message, "element 7: got nan");
}

TEST(Measurement, OkWithoutSamplesOrWithABadSampleIsAnError) {
  EXPECT_EQ(to_benchmark_result(kCopy, 0, Measurement{}).status, "error");
  Measurement m;
  m.samples = {1.0, NAN};
  EXPECT_EQ(to_benchmark_result(kCopy, 0, m).status, "error");
  m.samples = {1.0, 0.0};
  EXPECT_EQ(to_benchmark_result(kCopy, 0, m).status, "error");
}

TEST(Measurement, NotApplicableAndAllGpuResultsKeepTheirStatusAndNullGpu) {
  const auto r = to_benchmark_result({"gemm/fp8", "TFLOP/s", true}, std::nullopt, not_applicable("FP8 needs sm_89"));
  EXPECT_EQ(r.status, "not-applicable");
  EXPECT_FALSE(r.gpu);
  EXPECT_GT(steady_seconds(), 0);
}
