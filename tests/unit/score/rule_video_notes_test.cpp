// score/rule_video_notes.cpp on real posted outputs (tests/data/real-world/): encoder sessions open
// in an imported nvidia-smi -q (an L40S and an RTX 4080 SUPER transcoding) are a note that names
// them and says they are no fault of the card, never a finding; an idle box has no such note.
#include "unit/support/real_world_case.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::real_world;

TEST(RuleVideoNotes, OpenEncoderSessionsAreANoteNotAFinding) {
  const std::vector<std::string> notes = notes_of_case("l40s-passthrough-nvenc-load");
  EXPECT_TRUE(any_line_has(notes, "GPU 0: 2 video encoder (NVENC) sessions open when its state was read (243 fps on average)"))
      << notes.size();
  EXPECT_TRUE(any_line_has(notes, "not a fault of the card")) << notes.size();
  EXPECT_FALSE(any_line_has(notes, "frame-buffer capture"));  // 0 FBC sessions: nothing to say
  EXPECT_FALSE(has_finding(findings_of_case("l40s-passthrough-nvenc-load"), "sliced"));
  EXPECT_TRUE(any_line_has(notes_of_case("rtx4080-super-nvenc-load"), "2 video encoder (NVENC) sessions"));
}

TEST(RuleVideoNotes, NoOpenSessionNoNote) {
  EXPECT_FALSE(any_line_has(notes_of_case("h100-sxm-x8-idle-gen5"), "video encoder"));
}
