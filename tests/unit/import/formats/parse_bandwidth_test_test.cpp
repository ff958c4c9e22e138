// Unit tests of the bandwidthTest parser (src/import/formats/parse_bandwidth_test.cpp): its CSV lines, MB/s
// units, cut lines and NUMA-pinned runs.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuaudit::imports {
namespace {

ImportPart parse(const std::string& raw) { return import_test::parse_as("bandwidthTest", raw, "bw.csv.txt"); }

const BenchmarkResult* row(const ImportPart& p, const std::string& name) {
  for (const auto& b : p.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(ImportBandwidthTestCsv, EachConfigurationIsOneMeasurementAndTheLargestSizeItsFigure) {
  const std::string raw =
      "[CUDA Bandwidth Test] - Starting...\nRunning on...\n\n Device 0: Tesla V100-PCIE-32GB\n Range Mode\n\n"
      "bandwidthTest-H2D-Pinned, Bandwidth = 11.9 GB/s, Time = 0.00269 s, Size = 32000000 bytes, NumDevsUsed = 1\n"
      "bandwidthTest-H2D-Pinned, Bandwidth = 12.1 GB/s, Time = 0.00529 s, Size = 64000000 bytes, NumDevsUsed = 1\n"
      "bandwidthTest-D2H-Paged, Bandwidth = 6.5 GB/s, Time = 0.00492 s, Size = 32000000 bytes, NumDevsUsed = 1\n"
      "bandwidthTest-D2D, Bandwidth = 760.1 GB/s, Time = 0.00008 s, Size = 32000000 bytes, NumDevsUsed = 1\n"
      "Result = PASS\n";
  EXPECT_EQ(find_format("bandwidthTest")->detect(normalize_text(raw)) > 0, true);
  const auto p = parse(raw);
  ASSERT_EQ(p.benchmarks.size(), 3u);
  const auto* h2d = row(p, "pcie/h2d_pinned");
  ASSERT_NE(h2d, nullptr);
  EXPECT_EQ(h2d->gpu, 0);
  ASSERT_TRUE(h2d->summary.has_value());
  EXPECT_DOUBLE_EQ(h2d->summary->median, 12.1);
  EXPECT_EQ(h2d->params["transfer_bytes"], 64000000);
  EXPECT_EQ(h2d->extra["sweep"].size(), 2u);
  ASSERT_NE(row(p, "pcie/d2h_pageable"), nullptr);
  ASSERT_NE(row(p, "bandwidthTest/d2d"), nullptr);
  EXPECT_TRUE(p.skipped.empty());
}

TEST(ImportBandwidthTestCsv, MbsLinesConvertAndACutLineIsNamed) {
  // Lines alone (no banner) are still this tool's; the older builds print MB/s.
  const std::string raw =
      "bandwidthTest-H2D-Pinned, Bandwidth = 12150.7 MB/s, Time = 0.00276 s, Size = 33554432 bytes, NumDevsUsed = 1\n"
      "bandwidthTest-D2H-Pinned, Bandwidth = 12890.6 MB/s, Time = 0.0026";
  const Format* f = find_format("bandwidthTest");
  ASSERT_NE(f, nullptr);
  EXPECT_GT(f->detect(normalize_text(raw)), 0);
  const auto p = parse(raw);
  const auto* h2d = row(p, "bandwidthTest/h2d_pinned");  // no "Device 0:" line: the GPU is not named
  ASSERT_NE(h2d, nullptr);
  ASSERT_TRUE(h2d->summary.has_value());
  EXPECT_NEAR(h2d->summary->median, 12150.7 * 1.024e-3, 1e-9);
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("line 2"), std::string::npos) << p.skipped[0];
}

namespace fs = std::filesystem;

ImportPart parse_numa(const std::string& raw) {
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

TEST(ImportBandwidthTestNuma, TwoPinnedRunsAreOneGpuAndAFarNode) {
  const auto p = parse_numa(run("$ numactl -m0 -N0 bandwidthTest", 12150.7) + run("$ numactl --membind=1 --cpunodebind=1 ./bandwidthTest", 3783.4));
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
  const auto a = parse_numa(run("# numactl -N 1 bandwidthTest", 12000) + run("# numactl -N 0 bandwidthTest", 4000));
  ASSERT_NE(row(a, "pcie/h2d_pinned_remote"), nullptr);
  EXPECT_EQ(row(a, "pcie/h2d_pinned")->params["host_numa_node"], 1);
  // Two runs on the same node, or without numactl, are repeats: no remote figure.
  const auto b = parse_numa(run("$ numactl -m 0 bandwidthTest", 12000) + run("$ numactl -m 0 bandwidthTest", 11900));
  EXPECT_EQ(row(b, "pcie/h2d_pinned_remote"), nullptr);
  const auto c = parse_numa(run("$ ./bandwidthTest", 12000) + run("$ ./bandwidthTest", 11900));
  EXPECT_EQ(row(c, "pcie/h2d_pinned_remote"), nullptr);
  EXPECT_EQ(c.gpus.size(), 1u);
  // Interleaved memory is on no single node.
  const auto d = parse_numa(run("$ numactl --interleave=all bandwidthTest", 12000) + run("$ numactl -m 1 bandwidthTest", 4000));
  EXPECT_EQ(row(d, "pcie/h2d_pinned_remote"), nullptr);
}

}  // namespace
}  // namespace gpuaudit::imports
