// core/figure_label: rows that share a name but measure different things (dtype, in place, peer
// access, all GPUs at once, nodes, GPU count) get labels that tell them apart.
#include "core/figure_label.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

BenchmarkResult row(const std::string& name, std::optional<int> gpu, json params) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.params = std::move(params);
  return b;
}

TEST(FigureLabel, AllreduceVariantsAndGpuCount) {
  const auto b = row("nccl/allreduce", std::nullopt, {{"gpus", 8}, {"dtype", "bf16"}, {"in_place", true}});
  EXPECT_EQ(figure_variant(b), " bf16 in-place");
  EXPECT_EQ(figure_gpu_count(b), "x8");
  EXPECT_EQ(figure_label(b), "nccl/allreduce bf16 in-place x8");
  const auto f = row("nccl/allreduce", std::nullopt, {{"gpus", 4}, {"dtype", "float"}, {"in_place", false}});
  EXPECT_EQ(figure_label(f), "nccl/allreduce float x4");
  const auto nodes = row("nccl/allreduce", std::nullopt, {{"gpus", 16}, {"dtype", "float"}, {"nodes", 2}});
  EXPECT_EQ(figure_label(nodes), "nccl/allreduce float 2 nodes x16");
}

TEST(FigureLabel, PeerAccessAndAllGpusHostCopies) {
  EXPECT_EQ(figure_variant(row("p2p/copy", std::nullopt, {{"peer_access", false}})), " peer off");
  EXPECT_EQ(figure_variant(row("p2p/copy", std::nullopt, {{"peer_access", true}})), " peer on");
  const auto all = row("pcie/h2d_pinned", 0, {{"shares_host_link", true}, {"concurrency", "all-gpus"}});
  EXPECT_EQ(figure_label(all), "pcie/h2d_pinned all-gpus");
  const auto alone = row("pcie/h2d_pinned", 0, {{"shares_host_link", true}, {"concurrency", "one"}});
  EXPECT_EQ(figure_label(alone), "pcie/h2d_pinned");
}

TEST(FigureLabel, OneVariantFiguresKeepTheirName) {
  EXPECT_EQ(figure_label(row("hbm/copy", 0, json::object())), "hbm/copy");
  EXPECT_EQ(figure_label(row("hbm/copy", 0, json())), "hbm/copy");            // no params at all
  EXPECT_EQ(figure_gpu_count(row("gemm/bf16", 3, {{"gpus", 8}})), "");         // a per-GPU row
  EXPECT_EQ(figure_gpu_count(row("nccl/allreduce", std::nullopt, {{"gpus", "8"}})), "");  // not a number
  EXPECT_EQ(figure_variant(row("x", 0, {{"nodes", 1}, {"in_place", false}})), "");
}

}  // namespace
}  // namespace gpuaudit
