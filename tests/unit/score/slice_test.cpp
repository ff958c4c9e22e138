// score/slice.cpp: the share of a full card a GPU is: vGPUs (below), MIG slices from the profile
// table and the SM census (section at the end).
//
// The share of a board a vGPU is (src/score/slice.cpp): a time-sliced profile sees every SM and
// its framebuffer share (kind "full", vgpu_profile set); a MIG-backed one is its MIG slice.
#include "baselines/baseline_set.hpp"
#include "score/baseline_lookup.hpp"
#include "score/slice.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

namespace {

GpuInfo guest(const std::string& name, std::uint64_t mib) {
  GpuInfo g;
  g.name = name;
  g.memory_total_bytes = mib * 1024ull * 1024ull;
  g.virtualization_mode = "vgpu";
  return g;
}

}  // namespace

TEST(SliceShare, TimeSlicedVgpuHasAllSmsAndItsFramebufferShare) {
  const GpuInfo g = guest("NVIDIA A10-12Q", 12288);
  const GpuReference ref = reference_for(repo_baselines(), g);
  EXPECT_EQ(ref.method, "vgpu-profile");
  ASSERT_TRUE(ref.vgpu_profile);
  const SliceShare s = slice_share(ResultDocument{}, g, ref);
  EXPECT_EQ(s.kind, "full");
  EXPECT_DOUBLE_EQ(s.sm_fraction, 1.0);
  EXPECT_EQ(s.slice_sms, 72);
  EXPECT_DOUBLE_EQ(s.memory_fraction, 0.5);
  EXPECT_EQ(s.vgpu_profile, "A10-12Q");
  EXPECT_NE(s.note.find("shared in time"), std::string::npos) << s.note;
}

TEST(SliceShare, FullFramebufferVgpuIsStillShared) {
  const GpuInfo g = guest("NVIDIA A10-24Q", 24576);
  const SliceShare s = slice_share(ResultDocument{}, g, reference_for(repo_baselines(), g));
  EXPECT_EQ(s.kind, "full");
  EXPECT_EQ(s.vgpu_profile, "A10-24Q");
  EXPECT_DOUBLE_EQ(s.memory_fraction, 1.0);
}

TEST(SliceShare, MigBackedVgpuIsItsMigSlice) {
  const GpuInfo g = guest("NVIDIA H100XM-3-40C", 40960);
  const SliceShare s = slice_share(ResultDocument{}, g, reference_for(repo_baselines(), g));
  EXPECT_EQ(s.kind, "mig");
  EXPECT_EQ(s.profile, "3g.40gb");
  EXPECT_EQ(s.vgpu_profile, "H100XM-3-40C");
  EXPECT_EQ(s.slice_sms, 60);
  EXPECT_DOUBLE_EQ(s.memory_fraction, 0.5);
}

TEST(SliceShare, VgpuModeWithoutAProfileNameUsesTheReportedMemory) {
  GpuInfo g = guest("NVIDIA H100 80GB HBM3", 40960);
  g.pci_device_id = "10de:2330";
  const GpuReference ref = reference_for(repo_baselines(), g);
  EXPECT_EQ(ref.method, "pci-id");
  const SliceShare s = slice_share(ResultDocument{}, g, ref);
  EXPECT_EQ(s.kind, "full");
  EXPECT_NEAR(s.memory_fraction, 0.5, 0.01);
  EXPECT_TRUE(s.uncertain);
}

// ---- MIG shares and the SM census, on a small in-code baseline ----
namespace {

namespace scenario_cases {

using namespace gpuaudit::score_scenarios;

TEST(Slice, MigShareFromTheProfileTable) {
  ResultDocument doc;
  GpuInfo g;
  g.mig.is_mig_device = true;
  g.mig.profile = "2g.20gb";
  GpuReference ref;
  ref.baseline = toy_baseline();
  const SliceShare s = slice_share(doc, g, ref);
  EXPECT_EQ(s.kind, "mig");
  EXPECT_DOUBLE_EQ(s.sm_fraction, 0.30);
  EXPECT_DOUBLE_EQ(s.memory_fraction, 0.25);
  EXPECT_FALSE(s.uncertain);
}

TEST(Slice, UnlistedProfileIsEstimatedAndSaysSo) {
  ResultDocument doc;
  GpuInfo g;
  g.mig.is_mig_device = true;
  g.mig.profile = "3g.40gb";
  GpuReference ref;
  ref.baseline = toy_baseline();
  const SliceShare s = slice_share(doc, g, ref);
  EXPECT_TRUE(s.uncertain);
  EXPECT_EQ(s.slice_sms, 43);  // 3/7 of 100
  EXPECT_EQ(s.memory_slices, 4);  // 40 of 80 GB
  EXPECT_NE(s.note.find("estimated"), std::string::npos);
}

TEST(Slice, CensusBelowTheModelSharesTheSms) {
  ResultDocument doc;
  doc.benchmarks.push_back(figure("sm/census", 80, "count"));
  GpuInfo g;
  g.sm_count = 100;
  GpuReference ref;
  ref.baseline = toy_baseline();
  const SliceShare s = slice_share(doc, g, ref);
  EXPECT_EQ(s.kind, "census");
  EXPECT_DOUBLE_EQ(s.sm_fraction, 0.8);
  EXPECT_DOUBLE_EQ(s.memory_fraction, 1.0);
}

}  // namespace scenario_cases

}  // namespace
