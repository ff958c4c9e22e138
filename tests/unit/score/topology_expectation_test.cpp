// score/topology_expectation.cpp: an nccl/allreduce row with no expectation of its own (as the
// importer writes an nccl-tests output) gets one from the topology baselines of the repository
// (baselines/topologies/) for that GPU count: fine bus bandwidth is ok, half of it low; a row that
// already has a ratio keeps it. The 8x H100 SXM documents are built here (synthetic).
#include "multigpu/topology_baseline.hpp"
#include "score/baseline_lookup.hpp"
#include "score/figures.hpp"
#include "score/gpu_scoring.hpp"
#include "score/topology_expectation.hpp"
#include "unit/support/evidence_documents.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace gpuaudit;
using namespace gpuaudit::evidence_docs;

namespace {

ResultDocument eight_h100(double busbw) {
  std::vector<GpuInfo> gpus;
  for (int i = 0; i < 8; ++i) gpus.push_back(h100_sxm(i));
  ResultDocument d = doc_of(gpus);
  BenchmarkResult r = figure("nccl/allreduce", std::nullopt, busbw, "GB/s");
  r.params = {{"gpus", 8}, {"nodes", 1}, {"dtype", "float"}, {"op", "sum"}, {"in_place", false}};
  r.derived["peak_busbw_gbs"] = busbw;
  d.benchmarks.push_back(r);
  return d;
}

// The document's shared figures after expect_from_topology, as assess() scores them.
std::vector<FigureScore> expected_shared(const ResultDocument& d) {
  std::vector<GpuScoring> gpus(d.gpus.size());
  for (size_t i = 0; i < d.gpus.size(); ++i) {
    gpus[i].doc = &d;
    gpus[i].gpu = &d.gpus[i];
    gpus[i].ref = reference_for(repo_baselines(), d.gpus[i]);
  }
  std::vector<FigureScore> shared = score_figures(d, std::nullopt, gpus[0].baseline(), SliceShare{}, Thresholds{});
  expect_from_topology(shared, gpus, topologies(), Thresholds{});
  return shared;
}

}  // namespace

TEST(TopologyExpectation, TheRepositoryHasTopologyBaselines) { EXPECT_FALSE(topologies().empty()); }

TEST(TopologyExpectation, AnAllreduceWithoutItsOwnExpectationGetsTheBoards) {
  const std::vector<FigureScore> fine = expected_shared(eight_h100(470));
  ASSERT_EQ(fine.size(), 1u);
  ASSERT_TRUE(fine[0].expected);
  ASSERT_TRUE(fine[0].ratio);
  EXPECT_FALSE(fine[0].source.empty());
  EXPECT_NE(fine[0].state, "low");
  const std::vector<FigureScore> slow = expected_shared(eight_h100(180));
  ASSERT_EQ(slow.size(), 1u);
  ASSERT_TRUE(slow[0].ratio);
  EXPECT_EQ(slow[0].state, "low");
  EXPECT_NEAR(*slow[0].ratio * *slow[0].expected, 180, 1e-6);
}
