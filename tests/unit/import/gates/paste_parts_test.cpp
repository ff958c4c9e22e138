// plan_paste() and part_text() (src/import/gates/paste_parts.cpp): the rules that decide which lines of a
// paste are which output, on a detector made for the test (a format per marker word, so each rule is
// seen alone) and on the registered formats with real pastes.
#include "import/import.hpp"
#include "import/gates/paste_parts.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace gpuaudit::imports {
namespace {

// "TABLE" claims 90 as table, "TOPO" 80 as topo, "REPORT" 110 as report (a report that embeds
// others), "TIE" 50 as both tie-a and tie-b; the more markers, the more claimants.
PasteClaim fake(std::string_view t) {
  PasteClaim c;
  auto claim = [&](const char* word, const char* format, int score) {
    if (t.find(word) == std::string_view::npos) return;
    ++c.claimants;
    if (score > c.score) c = PasteClaim{format, score, "", c.claimants};
  };
  claim("TABLE", "table", 90);
  claim("TOPO", "topo", 80);
  claim("REPORT", "report", 110);
  if (t.find("TIE") != std::string_view::npos) {
    c.claimants += 2;
    if (c.score < 50) c = PasteClaim{"tie-a", 50, "tie-b", c.claimants};
  }
  return c;
}

std::string formats(const PastePlan& p) {
  std::string s;
  for (const auto& part : p.parts) s += (s.empty() ? "" : " ") + (part.format.empty() ? "-" : part.format) + ":" + line_ranges(part.lines);
  return s;
}

// A detector that, like the real ones on prose, claims a text only by its first line: "TABLE" 90
// as table, "WEAK" 12 as weak (a shape guessed from a few lines).
PasteClaim by_first_line(std::string_view t) {
  const std::string_view first = t.substr(0, t.find('\n'));
  if (first.starts_with("TABLE")) return PasteClaim{"table", 90, "", 1};
  if (first.starts_with("WEAK")) return PasteClaim{"weak", 12, "", 1};
  return PasteClaim{};
}

// Rule 5: prose nothing claims whole keeps the pieces a format claims strongly (the numbered
// "2. nvidia-smi -L" and its lines in a post), never one claimed only by its shape.
TEST(PasteParts, ProseNothingClaimsKeepsOnlyItsStronglyClaimedPieces) {
  const PastePlan p = plan_paste("I checked the following:\n\nTABLE\nrow\n\nWEAK 1,2,3\n\nthanks\n", by_first_line);
  EXPECT_FALSE(p.whole);
  EXPECT_EQ(formats(p), "-:1 table:3-4 -:6, 8");
  EXPECT_TRUE(plan_paste("just prose\n\nWEAK 1,2,3\n", by_first_line).parts.empty());  // nothing strong: prose
}

TEST(PasteParts, ATextOneFormatClaimsStaysWhole) {
  const PastePlan p = plan_paste("prose\n```\nTABLE row\n```\nmore prose\n\nTABLE again\n", fake);
  EXPECT_TRUE(p.whole);
  EXPECT_EQ(formats(p), "table:1-7");
}

TEST(PasteParts, TwoFormatsAreCutAtFencesAndProseIsNoOnesPart) {
  const PastePlan p = plan_paste("my box:\n```\nTABLE\nrow\n```\nand:\n```\nTOPO\n```\n", fake);
  EXPECT_FALSE(p.whole);
  EXPECT_EQ(formats(p), "-:1 table:3-4 -:6 topo:8");
}

TEST(PasteParts, AGapInsideASectionCutsOnlyWhenItsPiecesNameTwoFormats) {
  // table, a piece nothing claims (it stays with the table), topo: cut at the gaps
  const PastePlan p = plan_paste("TABLE\n\nprocesses box\n\nTOPO\nGPU0 X\n", fake);
  EXPECT_EQ(formats(p), "table:1, 3 topo:5-6");
  // a piece nothing claims before the first claimed one goes with it
  EXPECT_EQ(formats(plan_paste("intro\n\nTABLE\n\nTOPO\n", fake)), "table:1, 3 topo:5");
}

TEST(PasteParts, ASectionThatEmbedsOtherOutputsIsNotCut) {
  const PastePlan p = plan_paste("REPORT\n\nTABLE\n\nTOPO\n```\nTOPO\n```\n", fake);
  EXPECT_EQ(formats(p), "report:1, 3, 5 topo:7");
}

TEST(PasteParts, APieceTwoFormatsClaimEquallyIsItsOwnPartWithTheTie) {
  const PastePlan p = plan_paste("```\nTABLE\n```\n```\nTIE\n```\n", fake);
  ASSERT_EQ(p.parts.size(), 2u);
  EXPECT_EQ(p.parts[1].format, "tie-a");
  EXPECT_EQ(p.parts[1].tied_with, "tie-b");
}

TEST(PasteParts, NothingClaimedIsTheWholeTextForTheWholeFilesError) {
  const PastePlan p = plan_paste("eggs\n\nmilk\n", fake);
  EXPECT_TRUE(p.whole);
  EXPECT_TRUE(p.parts.empty());
}

TEST(PasteParts, PartTextKeepsEveryLineAtItsNumber) {
  const std::string t = "a\n```\nb\nc\n```\nd\ne\n";
  PastePart part{"x", "", {{3, 4}, {7, 7}}};
  EXPECT_EQ(part_text(t, part), "\n\nb\nc\n\n\ne");
  EXPECT_EQ(part_text(t, PastePart{"x", "", {}}), "");
}

// The formats a fixture's sidecar lists under "parts" (a paste of several outputs), "" for one output.
std::string declared_parts(const std::string& sidecar) {
  const auto j = nlohmann::json::parse(import_test::read_bytes(sidecar));
  std::string s;
  if (j.contains("parts"))
    for (const auto& f : j["parts"]) s += (s.empty() ? "" : " ") + f.get<std::string>();
  return s;
}

std::string format_names(const PastePlan& p) {
  std::string s;
  for (const auto& part : p.parts) s += (s.empty() ? "" : " ") + part.format;
  return s;
}

TEST(PasteParts, EveryFixtureOfOneFormatStaysWhole) {
  // Rule 1 with the registered formats: no single-output fixture is cut up; a fixture of several
  // outputs (its sidecar's "parts") is cut into exactly those.
  auto claim = [](std::string_view t) {
    PasteClaim c;
    for (const auto& f : format_registry()) {
      const int s = f.detect(t);
      if (s <= 0) continue;
      ++c.claimants;
      if (s > c.score) c = PasteClaim{f.name, s, "", c.claimants};
      else if (s == c.score && c.tied_with.empty()) c.tied_with = f.name;
    }
    return c;
  };
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(GPUAUDIT_TEST_DATA) / "imports")) {
    const std::string name = e.path().string();
    if (!e.is_regular_file() || name.size() < 12 || name.substr(name.size() - 12) != ".source.json") continue;
    const std::string file = name.substr(0, name.size() - 12);
    const std::string text = normalize_text(import_test::read_bytes(file));
    const PastePlan p = plan_paste(text, claim);
    ++files;
    const std::string parts = declared_parts(name);
    if (parts.empty()) EXPECT_TRUE(p.whole) << file << ": " << formats(p);
    else EXPECT_EQ(format_names(p), parts) << file << ": " << formats(p);
  }
  EXPECT_GT(files, 100);
}

}  // namespace
}  // namespace gpuaudit::imports
