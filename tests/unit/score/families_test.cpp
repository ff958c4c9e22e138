// score/families.cpp: which family a benchmark belongs to (its default tolerance, how a slice
// scales it, whether it is key), every family listed once with why, the figure groups the rules
// reason about, the heavy benchmarks, and a peer copy with peer access off as staged.
#include "score/families.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

using namespace gpuaudit;

TEST(Families, ABenchmarkBelongsToTheFamilyItsNameSays) {
  EXPECT_EQ(family_of("hbm/copy").id, "hbm");
  EXPECT_DOUBLE_EQ(family_of("hbm/copy").default_tolerance, 0.10);
  EXPECT_EQ(family_of("hbm/copy").scaling, SliceScaling::memory);
  EXPECT_EQ(family_of("gemm/bf16").id, "gemm");
  EXPECT_EQ(family_of("gemm/bf16").scaling, SliceScaling::compute);
  EXPECT_TRUE(family_of("gemm/bf16").key);
  EXPECT_EQ(family_of("sm/fp32").id, "sm-rate");
  EXPECT_EQ(family_of("pcie/h2d_pinned").id, "pcie");
  EXPECT_EQ(family_of("pcie/h2d_pinned").scaling, SliceScaling::none);
}

TEST(Families, AnUnknownNameIsOtherNotKeyAndWide) {
  const Family& f = family_of("made/up");
  EXPECT_EQ(f.id, "other");
  EXPECT_FALSE(f.key);
  EXPECT_DOUBLE_EQ(f.default_tolerance, 0.25);
  EXPECT_EQ(f.scaling, SliceScaling::none);
}

TEST(Families, EveryFamilyIsListedOnceAndSaysWhy) {
  std::set<std::string> ids;
  for (const auto& f : all_families()) {
    EXPECT_TRUE(ids.insert(f.id).second) << f.id;
    EXPECT_TRUE(f.why && *f.why) << f.id;
    EXPECT_GE(f.default_tolerance, 0.0) << f.id;
  }
  for (const char* id : {"hbm", "gemm", "tensor", "sm-rate", "pcie", "nccl", "host", "other"}) EXPECT_TRUE(ids.count(id)) << id;
}

TEST(Families, TheFigureGroupsTheRulesReasonAbout) {
  // The catalogue's groups (core/figure_catalogue.cpp); the rules read each as a set (median and
  // widest tolerance), so their order does not matter.
  const auto has = [](const std::vector<std::string>& v, const char* n) { return std::find(v.begin(), v.end(), n) != v.end(); };
  EXPECT_EQ(tensor_figures().size(), 6u);
  EXPECT_TRUE(has(tensor_figures(), "gemm/bf16"));
  EXPECT_TRUE(has(vector_figures(), "sm/fp32"));
  EXPECT_TRUE(has(memory_figures(), "hbm/copy"));
  EXPECT_EQ(pcie_link_figures().front(), "pcie/h2d_pinned");
  for (const auto& n : memory_figures()) EXPECT_EQ(family_of(n).id, "hbm") << n;
  EXPECT_TRUE(is_heavy_benchmark("gemm/bf16"));
  EXPECT_TRUE(is_heavy_benchmark("tensor/mma_fp16"));
  EXPECT_TRUE(is_heavy_benchmark("sm/fp32"));
  EXPECT_FALSE(is_heavy_benchmark("sm/launch"));
  EXPECT_FALSE(is_heavy_benchmark("pcie/h2d_pinned"));
}

TEST(Families, APeerCopyWithPeerAccessOffIsStaged) {
  BenchmarkResult b;
  b.name = "p2p/matrix";
  EXPECT_FALSE(is_staged_peer_copy(b));  // not said: not staged
  b.params = {{"peer_access", false}};
  EXPECT_TRUE(is_staged_peer_copy(b));
  b.params = {{"peer_access", true}};
  EXPECT_FALSE(is_staged_peer_copy(b));
  b.name = "nccl/allreduce";
  b.params = {{"peer_access", false}};
  EXPECT_FALSE(is_staged_peer_copy(b));
}
