// The numa-far diagnosis (watch/numa_placement.hpp) on records built for it (synthetic: no real
// two-socket job made them): the job on the far node, on the near one, split, and GPUs of two nodes
// with each rank judged by the GPU it drives.
#include "watch/numa_placement.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

// GPUs on `gpu_nodes`; n intervals whose job processes (pids 100, 101, ...) ran on `job_nodes`.
WatchRecord record(const std::vector<int>& gpu_nodes, int n, const std::vector<int>& job_nodes) {
  WatchRecord r;
  for (std::size_t i = 0; i < gpu_nodes.size(); ++i) {
    WatchGpuTimeline g;
    g.gpu = static_cast<int>(i), g.numa_node = gpu_nodes[i];
    r.gpus.push_back(g);
  }
  for (int i = 0; i < n; ++i) {
    WatchHostPoint h;
    h.t_s = 0.5 * (i + 1);
    for (std::size_t k = 0; k < job_nodes.size(); ++k) h.job_places.push_back({static_cast<std::int64_t>(100 + k), job_nodes[k]});
    r.host.push_back(h);
  }
  return r;
}

// NVML lists the job's process `pid` on GPU `gpu`.
void drives(WatchRecord& r, int gpu, std::int64_t pid) {
  WatchGpuProcess p;
  p.pid = pid, p.job = true;
  r.gpus[static_cast<std::size_t>(gpu)].processes.push_back(p);
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

TEST(NumaPlacement, NothingToJudgeWithoutNodesOrEnoughIntervals) {
  EXPECT_FALSE(numa_far(record({0}, 10, {}), {0}));       // one node: nothing recorded
  EXPECT_FALSE(numa_far(record({0}, 2, {1, 1}), {0}));    // too few intervals
  EXPECT_FALSE(numa_far(record({-1}, 10, {1, 1}), {0}));  // sysfs says -1: unknown
  const auto only_first = numa_far(record({0, 1}, 10, {1, 1}), {0});
  ASSERT_TRUE(only_first);  // the job used GPU 0 alone and ran on node 1
  EXPECT_EQ(only_first->gpu, 0);
  EXPECT_FALSE(numa_far(record({0}, 10, {1, 1}), {}));
}

TEST(NumaPlacement, GpusOfTwoNodesJudgeEachRankByTheGpuItDrives) {
  // GPUs 0, 1 on node 0 and 2, 3 on node 1; ranks 100..103 drive GPUs 0..3, all of them on node 0.
  WatchRecord r = record({0, 0, 1, 1}, 10, {0, 0, 0, 0, 1});
  for (int g = 0; g < 4; ++g) drives(r, g, 100 + g);  // pid 104: a data-loader with no GPU, not judged
  EXPECT_FALSE(numa_far(r, {0, 1, 2, 3}));  // half of the ranks beside their GPUs
  WatchRecord crowded = record({0, 1, 1}, 10, {0, 0, 0});
  for (int g = 0; g < 3; ++g) drives(crowded, g, 100 + g);
  const auto d = numa_far(crowded, {0, 1, 2});
  ASSERT_TRUE(d);  // ranks of GPUs 1 and 2 (node 1) ran on node 0
  EXPECT_FALSE(d->gpu);
  EXPECT_NE(d->summary.find("away from their GPUs' NUMA node in 100%"), std::string::npos) << d->summary;
  ASSERT_EQ(d->evidence.size(), 4u);
  EXPECT_NE(d->evidence[1].find("PID 101 drives GPU 1 on node 1"), std::string::npos) << d->evidence[1];
  EXPECT_NE(d->evidence[2].find("PID 102 drives GPU 2 on node 1"), std::string::npos) << d->evidence[2];
  EXPECT_NE(d->evidence[3].find("mpirun --bind-to numa"), std::string::npos) << d->evidence[3];
}

TEST(NumaPlacement, ARankOnGpusOfTwoNodesOrNoneIsNotJudged) {
  WatchRecord r = record({0, 1}, 10, {1, 0});
  drives(r, 0, 100), drives(r, 1, 100);  // one process on both GPUs: no home
  EXPECT_FALSE(numa_far(r, {0, 1}));     // and pid 101 drives no GPU
}

}  // namespace
}  // namespace gpuaudit
