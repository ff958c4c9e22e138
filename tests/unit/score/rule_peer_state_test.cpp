// Notes for a board set apart from its model's others in one document (score/rule_peer_state.cpp), on
// a real idle 8x H100 `nvidia-smi -q` (tests/data/real-world) with one board's limit edited
// (synthetic edit): one note naming it; none on the real output as posted; none for a pair.
#include "import/import.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

ResultDocument idle_h100s() {
  return imports::import_files({std::string(GPUAUDIT_TEST_DATA) + "/real-world/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt"}, {},
                               nullptr);
}

std::vector<std::string> peer_notes(const ResultDocument& doc) {
  const Assessment a = score_scenarios::score(doc);
  std::vector<std::string> out;
  if (auto n = a.extra.find("notes"); n != a.extra.end() && n->is_array())
    for (const auto& line : *n)
      if (line.is_string() && line.get<std::string>().find("boards of this model have") != std::string::npos)
        out.push_back(line.get<std::string>());
  return out;
}

TEST(RulePeerState, TheRealOutputAsPostedHasNone) { EXPECT_TRUE(peer_notes(idle_h100s()).empty()); }

TEST(RulePeerState, OneBoardCappedBelowItsPeersIsNamed) {
  ResultDocument doc = idle_h100s();
  doc.gpus[3].power.limit_w = 350;
  const auto notes = peer_notes(doc);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "GPU 3 (NVIDIA H100 80GB HBM3): power_limit_w 350 where 7 of the 8 boards of this model have 700");
}

TEST(RulePeerState, APairIsNotJudged) {
  ResultDocument doc = idle_h100s();
  doc.gpus.resize(2);
  doc.gpus[1].power.limit_w = 350;
  EXPECT_TRUE(peer_notes(doc).empty());
}

}  // namespace
}  // namespace gpuaudit
