// score/sliced_partition.cpp: a MIG device, a board in MIG mode and a full card, judged from state
// alone (no reference needed).
#include "score/sliced_signs.hpp"
#include "unit/support/sliced_fixture.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::sliced_fixture {
namespace {

TEST(SlicedPartition, AMigDeviceTheReferenceCannotScaleIsStillASliceHigh) {
  OneGpu mig("NVIDIA A100-SXM4-80GB MIG 1g.10gb");
  mig.doc.gpus.front().mig.is_mig_device = true;
  mig.doc.gpus.front().mig.profile = "1g.10gb";
  sliced::judge_partition(mig.scoring(), mig.out);
  EXPECT_EQ(mig.f().confidence, "high");
  ASSERT_EQ(mig.out.shorts.size(), 1u);
  EXPECT_EQ(mig.out.shorts.front(), "MIG 1g.10gb");
  EXPECT_TRUE(has_line(mig.f().evidence, "the device is a MIG slice (profile 1g.10gb)"));
}

TEST(SlicedPartition, ABoardWithMigModeOnRunsWorkOnAnInstanceNotTheCard) {
  OneGpu board("NVIDIA H100 80GB HBM3");
  board.doc.gpus.front().mig.mode_enabled = true;
  sliced::judge_partition(board.scoring(), board.out);
  EXPECT_EQ(board.f().confidence, "high");
  ASSERT_FALSE(board.out.shorts.empty());
  EXPECT_EQ(board.out.shorts.front(), "MIG mode enabled");
  EXPECT_TRUE(has_line(board.f().evidence, "work runs on a GPU instance, not on the whole card"));
}

TEST(SlicedPartition, AFullCardIsNoPartition) {
  OneGpu full("NVIDIA H100 80GB HBM3");
  sliced::judge_partition(full.scoring(), full.out);
  EXPECT_TRUE(full.f().confidence.empty());
  EXPECT_TRUE(full.out.shorts.empty());
  EXPECT_TRUE(full.f().evidence.empty());
}

}  // namespace
}  // namespace gpuaudit::sliced_fixture
