// score/rule_kernel_notes.cpp on real posted outputs (tests/data/real-world/): the Xids NVIDIA's
// catalogue puts on the work (13 out of range address, 43 stopped processing) are notes that say
// they are not a fault of the card, never findings; a box without a kernel log has no such note.
#include "unit/support/real_world_case.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::real_world;

TEST(RuleKernelNotes, AProgramsXidIsANoteNotAFinding) {
  const std::string id = "v100-nvme-dma-xid13-out-of-range-user-program";
  const std::vector<std::string> notes = notes_of_case(id);
  EXPECT_TRUE(any_line_has(notes, "Xid 13")) << notes.size();
  EXPECT_TRUE(any_line_has(notes, "not a fault of the card")) << notes.size();
  const std::vector<Finding> fs = findings_of_case(id);
  EXPECT_FALSE(has_finding(fs, "gpu-fault"));
  EXPECT_FALSE(has_finding(fs, "memory-degraded"));
}

TEST(RuleKernelNotes, NoKernelLogNoKernelNote) {
  EXPECT_FALSE(any_line_has(notes_of_case("h100-sxm-x8-idle-gen5"), "kernel log"));
}
