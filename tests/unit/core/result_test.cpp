// core/result: a document's figure found by name and GPU, the UTC time stamp's form, and a real
// document read (tests/data/compare/golden-synthetic.json) found the same way.
#include "core/document_io.hpp"
#include "core/result.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <string>

namespace gpuaudit {
namespace {

BenchmarkResult row(const std::string& name, std::optional<int> gpu) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  return b;
}

TEST(Result, FindByNameAndGpu) {
  ResultDocument d;
  d.benchmarks = {row("hbm/copy", 0), row("hbm/copy", 1), row("nccl/allreduce", std::nullopt)};
  ASSERT_NE(d.find("hbm/copy", 1), nullptr);
  EXPECT_EQ(d.find("hbm/copy", 1), &d.benchmarks[1]);
  EXPECT_EQ(d.find("hbm/copy", 0), &d.benchmarks[0]);
  EXPECT_EQ(d.find("hbm/copy", 2), nullptr);
  EXPECT_EQ(d.find("hbm/copy", std::nullopt), nullptr);  // a per-GPU row is not a whole-machine one
  EXPECT_EQ(d.find("nccl/allreduce", std::nullopt), &d.benchmarks[2]);
  EXPECT_EQ(d.find("gemm/bf16", 0), nullptr);
}

TEST(Result, FindInARealDocument) {
  const ResultDocument d = read_result(std::string(GPUAUDIT_TEST_DATA) + "/compare/golden-synthetic.json");
  const BenchmarkResult* b = d.find("hbm/copy", 0);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->unit, "GB/s");
  EXPECT_FALSE(b->samples.empty());
}

TEST(Result, UtcNowIsIso8601WithZ) {
  const std::string t = utc_now_iso8601();
  EXPECT_TRUE(std::regex_match(t, std::regex(R"(20\d\d-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-6]\dZ)"))) << t;
}

}  // namespace
}  // namespace gpuaudit
