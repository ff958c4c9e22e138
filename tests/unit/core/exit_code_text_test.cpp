// The exit-code tables of the help pages (exit_code_text.hpp): only the given codes, in the command's
// wording, and a meaning for every code.
//
// core/exit_code_text: the "Exit codes" table of each help page, the command's own wording where
// it has one and the shared meaning otherwise.
#include "core/exit_code_text.hpp"
#include "core/exit_codes.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace gpuaudit {
namespace {

TEST(ExitCodeTable, ListsOnlyTheGivenCodesWithTheCommandsWording) {
  EXPECT_EQ(exit_code_table({{0, "written"}, {2, ""}, {5, ""}}),
            "Exit codes:\n"
            "  0    written\n"
            "  2    usage or input error (the file and field are named)\n"
            "  5    could not write an output (disk full, read-only)");
  const auto all = all_exit_codes();
  ASSERT_EQ(all.size(), 10u);
  for (const auto& [code, meaning] : all) EXPECT_FALSE(exit_code_meaning(code).empty()) << code;
}

}  // namespace
}  // namespace gpuaudit

namespace gpuaudit {
namespace tables {

TEST(ExitCodeText, EveryCodeHasAMeaning) {
  const auto all = all_exit_codes();
  ASSERT_EQ(all.size(), 10u);
  std::set<int> seen;
  for (const auto& [code, meaning] : all) {
    EXPECT_TRUE(meaning.empty()) << code;  // all_exit_codes takes the shared meaning
    EXPECT_FALSE(exit_code_meaning(code).empty()) << code;
    seen.insert(code);
  }
  EXPECT_EQ(seen.size(), all.size());
  EXPECT_EQ(exit_code_meaning(42), "");
  EXPECT_NE(exit_code_meaning(exit_code::inconclusive).find("never read it as healthy"), std::string::npos);
}

TEST(ExitCodeText, TableInTheOrderGivenWithTheCommandsWording) {
  const std::string t = exit_code_table({{exit_code::ok, ""}, {exit_code::finding, "a regression"}, {130, ""}});
  EXPECT_EQ(t,
            "Exit codes:\n"
            "  0    healthy / no regression\n"
            "  1    a regression\n"
            "  130  SIGINT (Ctrl-C): what was measured is written");  // no final newline: CLI11 adds it
}

}  // namespace tables
}  // namespace gpuaudit
