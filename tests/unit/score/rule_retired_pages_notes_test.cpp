// score/rule_retired_pages_notes.cpp and rule_memory's pending retirement: one page retired and in
// effect on a real idle 8x V100 (tests/data/real-world/v100-sxm2-16gb-x8-idle-q) is a note, not
// memory-degraded; a retirement still pending is memory-degraded (medium).
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/real_world_case.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::real_world;

TEST(RuleRetiredPagesNotes, PagesRetiredAndInEffectAreANoteNotAFinding) {
  const std::string c = "v100-sxm2-16gb-x8-idle-q";
  EXPECT_TRUE(any_line_has(notes_of_case(c), "GPU 4: 1 memory page retired")) << notes_of_case(c).size();
  EXPECT_FALSE(has_finding(findings_of_case(c), "memory-degraded"));
  EXPECT_FALSE(any_line_has(notes_of_case(c), "GPU 0: "));  // none retired on the others
}

TEST(RuleRetiredPagesNotes, ARetirementStillPendingIsMemoryDegraded) {
  // synthetic: the V100 dump's Retired Pages block with the pending flag set.
  const auto fs = import_and_score::findings_of_texts({{"q.txt",
      "==============NVSMI LOG==============\n\n"
      "Attached GPUs                             : 1\n"
      "GPU 00000000:1A:00.0\n"
      "    Product Name                          : Tesla V100-SXM2-16GB\n"
      "    Retired Pages\n"
      "        Single Bit ECC                    : 1\n"
      "        Double Bit ECC                    : 1\n"
      "        Pending Page Blacklist            : Yes\n"}});
  const Finding* f = import_and_score::find_finding(fs, "memory-degraded", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_TRUE(import_and_score::evidence_has(*f, "page retirement is pending (2 pages retired)"));
}
