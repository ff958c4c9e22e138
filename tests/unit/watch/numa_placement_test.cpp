// The numa-far diagnosis (watch/numa_placement.hpp) on records built for it (synthetic: no real
// two-socket job made them): the job on the far node, on the near one, split, and GPUs of two nodes.
#include "watch/numa_placement.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

// GPUs on `gpu_nodes`; n intervals whose job processes ran on `job_nodes`.
WatchRecord record(const std::vector<int>& gpu_nodes, int n, const std::vector<int>& job_nodes) {
  WatchRecord r;
  for (std::size_t i = 0; i < gpu_nodes.size(); ++i) {
    WatchGpuTimeline g;
    g.gpu = static_cast<int>(i), g.numa_node = gpu_nodes[i];
    r.gpus.push_back(g);
  }
  for (int i = 0; i < n; ++i) {
    WatchHostPoint h;
    h.t_s = 0.5 * (i + 1), h.job_numa_nodes = job_nodes;
    r.host.push_back(h);
  }
  return r;
}

TEST(NumaPlacement, TheJobOnTheFarNodeIsSaidWithTheBinding) {
  const auto d = numa_far(record({0}, 10, {1, 1, 1, 0}), {0});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->id, "numa-far");
  EXPECT_EQ(d->gpu, 0);
  EXPECT_DOUBLE_EQ(d->share, 1.0);
  EXPECT_NE(d->summary.find("NUMA node 1"), std::string::npos) << d->summary;
  EXPECT_NE(d->summary.find("GPU 0 is on node 0"), std::string::npos) << d->summary;
  ASSERT_EQ(d->evidence.size(), 2u);
  EXPECT_NE(d->evidence[1].find("numactl --cpunodebind=0 --membind=0"), std::string::npos) << d->evidence[1];
}

TEST(NumaPlacement, NearOrHalfNearIsNotSaid) {
  EXPECT_FALSE(numa_far(record({0}, 10, {0, 0, 1}), {0}));
  EXPECT_FALSE(numa_far(record({0}, 10, {0, 1}), {0}));  // half on the GPU's node
}

TEST(NumaPlacement, NothingToJudgeWithoutNodesOrEnoughIntervalsOrWithGpusOnTwoNodes) {
  EXPECT_FALSE(numa_far(record({0}, 10, {}), {0}));       // one node: nothing recorded
  EXPECT_FALSE(numa_far(record({0}, 2, {1, 1}), {0}));    // too few intervals
  EXPECT_FALSE(numa_far(record({-1}, 10, {1, 1}), {0}));  // sysfs says -1: unknown
  WatchRecord two = record({0, 1}, 10, {1, 1});
  EXPECT_FALSE(numa_far(two, {0, 1}));  // each rank should sit by its own GPU: not seen from here
  const auto only_first = numa_far(two, {0});
  ASSERT_TRUE(only_first);  // the job used GPU 0 alone and ran on node 1
  EXPECT_EQ(only_first->gpu, 0);
  EXPECT_FALSE(numa_far(record({0}, 10, {1, 1}), {}));
}

}  // namespace
}  // namespace gpuaudit
