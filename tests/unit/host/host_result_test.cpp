// The shape every host figure has (host_result.hpp): samples summarised with the median as the
// figure, no GPU, and a status row that carries a one-line message instead of a figure.
#include "host/host_result.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(HostResult, SamplesBecomeASummaryAndTheMedianIsTheFigure) {
  const BenchmarkResult r = host_figure("host/membw", "GB/s", {30, 10, 20});
  EXPECT_EQ(r.name, "host/membw");
  EXPECT_EQ(r.unit, "GB/s");
  EXPECT_EQ(r.status, "ok");
  EXPECT_FALSE(r.gpu.has_value());
  EXPECT_TRUE(r.higher_is_better);
  EXPECT_EQ(r.samples, (std::vector<double>{30, 10, 20}));  // in the order taken
  ASSERT_TRUE(r.summary.has_value());
  EXPECT_EQ(r.summary->n, 3);
  EXPECT_DOUBLE_EQ(r.summary->min, 10);
  ASSERT_TRUE(r.value().has_value());
  EXPECT_DOUBLE_EQ(*r.value(), 20);
}

TEST(HostResult, LowerIsBetterIsKept) {
  EXPECT_FALSE(host_figure("host/steal", "%", {1.0}, false).higher_is_better);
}

TEST(HostResult, NoSampleIsAnErrorWithoutAFigure) {
  const BenchmarkResult r = host_figure("host/cpu_single", "Mops/s", {});
  EXPECT_EQ(r.status, "error");
  EXPECT_EQ(r.message, "no sample was taken");
  EXPECT_FALSE(r.summary.has_value());
  EXPECT_FALSE(r.value().has_value());
}

TEST(HostResult, AStatusRowHasItsMessageAndNoFigure) {
  const BenchmarkResult r = host_status("host/disk_seq_read", "MB/s", "skipped", "no --disk folder given");
  EXPECT_EQ(r.name, "host/disk_seq_read");
  EXPECT_EQ(r.unit, "MB/s");
  EXPECT_EQ(r.status, "skipped");
  EXPECT_EQ(r.message, "no --disk folder given");
  EXPECT_TRUE(r.samples.empty());
  EXPECT_FALSE(r.value().has_value());
  EXPECT_FALSE(r.gpu.has_value());
}

}  // namespace
}  // namespace gpuaudit
