// bandwidthTest runs pinned with numactl to different NUMA nodes, pasted one after the other (the
// usual way people show a far-socket penalty): one GPU, the first run's figure under its own name,
// the other node's as `_remote`, each with the host node it used (parse_bandwidth_test.cpp).
#include "import/import.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;

ImportPart parse(const std::string& raw) {
  const Format* f = find_format("bandwidthTest");
  EXPECT_NE(f, nullptr);
  if (!f) return {};
  return f->parse(normalize_text(raw), "bw.txt");
}

std::string run(const std::string& prompt, double h2d) {
  return prompt + "\n[CUDA Bandwidth Test] - Starting...\nRunning on...\n\n Device 0: Tesla P100-PCIE-16GB\n Quick Mode\n\n"
                  " Host to Device Bandwidth, 1 Device(s)\n PINNED Memory Transfers\n   Transfer Size (Bytes)        Bandwidth(MB/s)\n"
                  "   33554432                     " +
         std::to_string(h2d) + "\n\n";
}

const BenchmarkResult* row(const ImportPart& p, const std::string& name) {
  for (const auto& b : p.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(ImportBandwidthTestNuma, TwoPinnedRunsAreOneGpuAndAFarNode) {
  const auto p = parse(run("$ numactl -m0 -N0 bandwidthTest", 12150.7) + run("$ numactl --membind=1 --cpunodebind=1 ./bandwidthTest", 3783.4));
  ASSERT_EQ(p.gpus.size(), 1u);
  const BenchmarkResult* near_row = row(p, "pcie/h2d_pinned");
  const BenchmarkResult* far_row = row(p, "pcie/h2d_pinned_remote");
  ASSERT_NE(near_row, nullptr);
  ASSERT_NE(far_row, nullptr);
  EXPECT_EQ(near_row->gpu, 0);
  EXPECT_EQ(near_row->params["host_numa_node"], 0);
  EXPECT_EQ(far_row->params["host_numa_node"], 1);
}

TEST(ImportBandwidthTestNuma, NodeSpellingsAndRunsWithoutANode) {
  // "-N 1" alone: CPUs on node 1, buffers there by local allocation.
  const auto a = parse(run("# numactl -N 1 bandwidthTest", 12000) + run("# numactl -N 0 bandwidthTest", 4000));
  ASSERT_NE(row(a, "pcie/h2d_pinned_remote"), nullptr);
  EXPECT_EQ(row(a, "pcie/h2d_pinned")->params["host_numa_node"], 1);
  // Two runs on the same node, or without numactl, are repeats: no remote figure.
  const auto b = parse(run("$ numactl -m 0 bandwidthTest", 12000) + run("$ numactl -m 0 bandwidthTest", 11900));
  EXPECT_EQ(row(b, "pcie/h2d_pinned_remote"), nullptr);
  const auto c = parse(run("$ ./bandwidthTest", 12000) + run("$ ./bandwidthTest", 11900));
  EXPECT_EQ(row(c, "pcie/h2d_pinned_remote"), nullptr);
  EXPECT_EQ(c.gpus.size(), 1u);
  // Interleaved memory is on no single node.
  const auto d = parse(run("$ numactl --interleave=all bandwidthTest", 12000) + run("$ numactl -m 1 bandwidthTest", 4000));
  EXPECT_EQ(row(d, "pcie/h2d_pinned_remote"), nullptr);
}

}  // namespace
}  // namespace gpuaudit::imports
