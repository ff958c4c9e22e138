// score/rule_video_notes.cpp on real posted outputs (tests/data/real-world/): encoder sessions open
// in an imported nvidia-smi -q (an L40S and an RTX 4080 SUPER transcoding) are a note that names
// them and says they are no fault of the card, never a finding; an idle box has no such note; an
// H100's missing NVENC is no finding. On the synthetic scenarios: a MIG slice without
// decoders says which engines it lacks; a vGPU with an encoder session open is sliced, the session a note.
#include "import/import.hpp"
#include "unit/support/real_world_case.hpp"
#include "unit/support/score_scenarios.hpp"

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
  EXPECT_FALSE(any_line_has(notes_of_case("h100-sxm-x8-idle-gen5"), "session"));
}

// An H100 has no NVENC by design: no finding, and no note on the score's screen (info says it).
TEST(RuleVideoNotes, AModelWithoutNvencIsNoFinding) {
  EXPECT_FALSE(any_line_has(notes_of_case("h100-sxm-x8-idle-gen5"), "NVENC"));
  for (const char* id : {"sliced", "gpu-fault", "unknown-gpu"}) EXPECT_FALSE(has_finding(findings_of_case("h100-sxm-x8-idle-gen5"), id));
}

std::vector<std::string> notes_of(const Assessment& a);

// An encoder error beside a model without NVENC (an H100's -q and a real FFmpeg NVENC line from the
// livepool case): the note says the model has no encoder; the error stays what it was.
TEST(RuleVideoNotes, AnEncoderErrorOnAModelWithoutNvencSaysSo) {
  const std::string dir = std::string(GPUAUDIT_TEST_DATA) + "/real-world/";
  const ResultDocument doc = imports::import_files(
      {dir + "h100-sxm-x8-idle-gen5/nvidia-smi-q.txt", dir + "livepool-windows-h264-nvenc-openencodesessionex-out-of-memory-10/log.txt"},
      {}, nullptr);
  const auto notes = notes_of(score_scenarios::score(doc));
  EXPECT_TRUE(any_line_has(notes, "has no video encoder (NVENC: 0")) << notes.size();
  EXPECT_TRUE(any_line_has(notes, "(nvenc-session-refused) is the model's lack of encoders"));
}

std::vector<std::string> notes_of(const Assessment& a) {
  std::vector<std::string> out;
  if (auto n = a.extra.find("notes"); n != a.extra.end() && n->is_array())
    for (const auto& x : *n) out.push_back(x.get<std::string>());
  return out;
}

TEST(RuleVideoNotes, AMigSliceWithoutDecodersSaysWhichEnginesItLacks) {
  ResultDocument doc = score_scenarios::scenario("a100-mig-1g10gb");
  ASSERT_FALSE(doc.gpus.empty());
  doc.gpus[0].mig.extra["shared"] = {{"decoder count", 0}, {"encoder count", 0}, {"jpg count", 0}, {"ofa count", 0}};
  const Assessment a = score_scenarios::score(doc);
  const auto notes = notes_of(a);
  EXPECT_TRUE(any_line_has(notes, "(MIG slice): 0 of the board's 5 NVDEC, 0 of the board's 1 NVJPG, 0 of the board's 1 OFA"))
      << notes.size();
  EXPECT_FALSE(any_line_has(notes, "of the board's 0 NVENC"));  // the A100 has none to lack
  bool sliced = false;
  for (const auto& f : a.findings) sliced |= f.id == "sliced";
  EXPECT_TRUE(sliced);
}

TEST(RuleVideoNotes, AVgpuWithAnEncoderSessionIsSlicedAndTheSessionANote) {
  ResultDocument doc = score_scenarios::scenario("vgpu-time-sliced");
  ASSERT_FALSE(doc.gpus.empty());
  doc.gpus[0].extra["encoder_stats"] = {{"active_sessions", 1}, {"average_fps", 60}, {"average_latency_us", 900}};
  const Assessment a = score_scenarios::score(doc);
  EXPECT_TRUE(any_line_has(notes_of(a), "GPU 0: 1 video encoder (NVENC) session open when its state was read (60 fps"));
  bool sliced = false;
  for (const auto& f : a.findings) sliced |= f.id == "sliced";
  EXPECT_TRUE(sliced);
}
