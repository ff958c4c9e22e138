// The table `gpuaudit run` prints: rows that share a name (NCCL variants, p2p with peer access on
// and off) must be told apart, and a row over several GPUs says how many.
#include "core/stats.hpp"
#include "report/results_text.hpp"

#include <gtest/gtest.h>

#include <cstdio>

namespace gpuaudit {
namespace {

BenchmarkResult ok_row(const std::string& name, std::optional<int> gpu, json params) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = "GB/s";
  b.status = "ok";
  b.params = std::move(params);
  b.samples = {100, 101, 99};
  b.summary = summarize(b.samples);
  return b;
}

TEST(ResultsTable, VariantsOfOneNameAreDistinctRows) {
  ResultDocument doc;
  doc.benchmarks.push_back(ok_row("hbm/copy", 0, json::object()));
  doc.benchmarks.push_back(ok_row("nccl/allreduce", std::nullopt, {{"gpus", 8}, {"dtype", "float"}, {"in_place", false}}));
  doc.benchmarks.push_back(ok_row("nccl/allreduce", std::nullopt, {{"gpus", 8}, {"dtype", "bf16"}, {"in_place", true}}));
  doc.benchmarks.push_back(ok_row("nccl/allreduce", std::nullopt, {{"gpus", 16}, {"nodes", 2}, {"dtype", "float"}}));
  doc.benchmarks.push_back(ok_row("p2p/matrix", std::nullopt, {{"peer_access", false}}));
  const std::string t = results_table(doc);
  EXPECT_NE(t.find("hbm/copy "), std::string::npos) << t;
  EXPECT_NE(t.find("nccl/allreduce float "), std::string::npos) << t;
  EXPECT_NE(t.find("nccl/allreduce bf16 in-place"), std::string::npos) << t;
  EXPECT_NE(t.find("nccl/allreduce float 2 nodes"), std::string::npos) << t;
  EXPECT_NE(t.find("p2p/matrix peer off"), std::string::npos) << t;
  EXPECT_NE(t.find(" x8 "), std::string::npos) << t;
  EXPECT_NE(t.find(" x16 "), std::string::npos) << t;
}

TEST(ResultsTable, NoSpreadPercentForAZeroMedian) {
  ResultDocument doc;
  BenchmarkResult iowait = ok_row("host/iowait", std::nullopt, json::object());
  iowait.unit = "%";
  iowait.samples = {0, 0, 0, 0.4};
  iowait.summary = summarize(iowait.samples);
  doc.benchmarks.push_back(iowait);
  const std::string t = results_table(doc);
  char cv[32];
  std::snprintf(cv, sizeof cv, "%.2f", 100.0 * iowait.summary->cv);
  EXPECT_GT(iowait.summary->cv, 1.0);
  EXPECT_EQ(t.find(cv), std::string::npos) << "the CV of a near-zero mean is shown: " << cv << "\n" << t;
}

}  // namespace
}  // namespace gpuaudit
