// score/baseline_lookup.cpp: a GPU of a document is matched to its model's baseline in the
// repository's set (by PCI device id, else by name), the lookup function gives the same match, and
// a name no baseline knows has no baseline to compare with.
#include "score/baseline_lookup.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

namespace {

GpuInfo gpu(const std::string& name, const std::string& pci_id = "") {
  GpuInfo g;
  g.index = 0;
  g.name = name;
  if (!pci_id.empty()) g.pci_device_id = pci_id;
  g.memory_total_bytes = 81559ull << 20;
  return g;
}

}  // namespace

TEST(BaselineLookup, AGpuMatchesItsModelsBaseline) {
  const GpuReference r = reference_for(repo_baselines(), gpu("NVIDIA H100 80GB HBM3", "10de:2330"));
  ASSERT_TRUE(r.baseline);
  EXPECT_EQ(r.baseline->id, "h100-sxm5-80gb");
  EXPECT_EQ(r.method, "pci-id");
  EXPECT_FALSE(r.unknown_model());
}

TEST(BaselineLookup, TheLookupFunctionGivesTheSameMatch) {
  const ReferenceLookup lookup = reference_lookup(repo_baselines());
  const GpuInfo g = gpu("NVIDIA H100 80GB HBM3", "10de:2330");
  const GpuReference r = lookup(g);
  ASSERT_TRUE(r.baseline);
  EXPECT_EQ(r.baseline->id, reference_for(repo_baselines(), g).baseline->id);
}

TEST(BaselineLookup, ANameNoBaselineKnowsIsAnUnknownModel) {
  const GpuReference r = reference_for(repo_baselines(), gpu("Made-up Accelerator 9000"));
  EXPECT_TRUE(r.unknown_model());
}
