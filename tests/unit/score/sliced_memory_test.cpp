// score/sliced_memory.cpp: memory another process holds (mem/allocatable well below what the device
// reports) is a sign of sharing, and so is half the model's memory, unless the model is not known for
// sure; close to all of it is not; a MIG slice's memory is its profile's.
#include "score/sliced_signs.hpp"
#include "unit/support/sliced_fixture.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::sliced_fixture {
namespace {

constexpr std::uint64_t k80GiB = 80ull << 30;

TEST(SlicedMemory, HalfTheMemoryAllocatableIsHeldByAnotherProcess) {
  OneGpu held("NVIDIA H100 80GB HBM3");
  held.doc.gpus.front().memory_total_bytes = k80GiB;
  held.add_row("mem/allocatable", "GiB", 40.0);
  const auto words = sliced::judge_memory(held.scoring(), Thresholds{}, held.out);
  ASSERT_TRUE(words);
  EXPECT_EQ(*words, "50% of memory allocatable");
  EXPECT_TRUE(has_line(held.f().evidence, "another process holds the rest"));
  EXPECT_NEAR(held.f().figures.at("allocatable_fraction"), 0.5, 1e-9);
}

TEST(SlicedMemory, HalfTheModelsMemoryIsASignUnlessTheModelIsNotKnownForSure) {
  Baseline model;
  model.id = "synthetic-80gb";
  model.model = "Synthetic 80GB";
  model.memory_gib = 80;
  for (const bool ambiguous : {false, true}) {
    OneGpu half("Synthetic");
    half.doc.gpus.front().memory_total_bytes = 40ull << 30;
    GpuScoring& g = half.scoring();
    g.ref.baseline = model;
    g.ref.model_ambiguous = ambiguous;  // several models print the name, the memory fits none
    EXPECT_EQ(sliced::judge_memory(g, Thresholds{}, half.out).has_value(), !ambiguous) << ambiguous;
  }
}

TEST(SlicedMemory, NearlyAllOfItAllocatableIsNoSign) {
  OneGpu free_card("NVIDIA H100 80GB HBM3");
  free_card.doc.gpus.front().memory_total_bytes = k80GiB;
  free_card.add_row("mem/allocatable", "GiB", 79.0);
  EXPECT_FALSE(sliced::judge_memory(free_card.scoring(), Thresholds{}, free_card.out));
  EXPECT_TRUE(free_card.f().evidence.empty());
}

TEST(SlicedMemory, AMigSlicesMemoryIsItsProfilesNotASign) {
  OneGpu mig("NVIDIA H100 80GB HBM3 MIG 1g.10gb");
  mig.doc.gpus.front().mig.is_mig_device = true;
  mig.doc.gpus.front().memory_total_bytes = 10ull << 30;
  mig.add_row("mem/allocatable", "GiB", 2.0);
  EXPECT_FALSE(sliced::judge_memory(mig.scoring(), Thresholds{}, mig.out));
}

}  // namespace
}  // namespace gpuaudit::sliced_fixture
