// score/sliced_vgpu.cpp: a vGPU guest is known by its virtualization mode or its profile name and
// is time-sliced (medium, high when a loss shows); a vGPU host's board carrying vGPUs is shared.
#include "score/sliced_signs.hpp"
#include "unit/support/sliced_fixture.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::sliced_fixture {
namespace {

GpuInfo named(const std::string& name, const std::string& mode = "") {
  GpuInfo g;
  g.name = name;
  if (!mode.empty()) g.virtualization_mode = mode;
  return g;
}

TEST(SlicedVgpu, AProfileNameOrTheVgpuModeIsAGuestAndNothingElseIs) {
  EXPECT_TRUE(sliced::is_vgpu_guest(named("NVIDIA A10-24Q")));
  EXPECT_TRUE(sliced::is_vgpu_guest(named("GRID T4-8Q")));
  EXPECT_TRUE(sliced::is_vgpu_guest(named("NVIDIA H100XM-40C")));
  EXPECT_TRUE(sliced::is_vgpu_guest(named("NVIDIA A100-SXM4-80GB", "vgpu")));
  EXPECT_FALSE(sliced::is_vgpu_guest(named("NVIDIA A100-SXM4-80GB")));  // "80GB": no digit before its B
  EXPECT_FALSE(sliced::is_vgpu_guest(named("GRID K520")));             // a whole board
  EXPECT_FALSE(sliced::is_vgpu_guest(named("NVIDIA H100 80GB HBM3", "passthrough")));
}

TEST(SlicedVgpu, AGuestIsTimeSlicedMediumAloneAndHighWhenALossShows) {
  OneGpu quiet("NVIDIA A10-24Q");
  sliced::judge_vgpu_guest(quiet.scoring(), false, quiet.out);
  EXPECT_EQ(quiet.f().confidence, "medium");
  ASSERT_FALSE(quiet.out.shorts.empty());
  EXPECT_EQ(quiet.out.shorts.front(), "time-sliced vGPU A10-24Q");
  ASSERT_FALSE(quiet.f().evidence.empty());
  EXPECT_NE(quiet.f().evidence.front().find("is a vGPU profile"), std::string::npos);

  OneGpu lossy("NVIDIA A10-24Q");
  sliced::judge_vgpu_guest(lossy.scoring(), true, lossy.out);
  EXPECT_EQ(lossy.f().confidence, "high");

  OneGpu whole("NVIDIA A10");
  sliced::judge_vgpu_guest(whole.scoring(), true, whole.out);
  EXPECT_TRUE(whole.f().confidence.empty());
  EXPECT_TRUE(whole.f().evidence.empty());
}

TEST(SlicedVgpu, AHostsBoardWithTwoVgpusIsSharedHigh) {
  OneGpu host("NVIDIA A40");
  host.doc.gpus.front().extra = json{{"vgpus", json::array({{{"profile", "NVIDIA A40-24A"}, {"vm_name", "'a'"}},
                                                          {{"profile", "NVIDIA A40-24A"}, {"vm_name", "'b'"}}})}};
  sliced::judge_vgpu_host(host.scoring(), host.out);
  EXPECT_EQ(host.f().confidence, "high");
  EXPECT_TRUE(has_line(host.f().evidence, "lists 2 vGPU(s) on this board"));
  EXPECT_EQ(host.f().figures.at("hosted_vgpus"), 2.0);

  OneGpu bare("NVIDIA A40");
  sliced::judge_vgpu_host(bare.scoring(), bare.out);
  EXPECT_TRUE(bare.f().confidence.empty());
}

}  // namespace
}  // namespace gpuaudit::sliced_fixture
