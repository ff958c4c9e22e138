// The exit-code tables of the help pages (exit_code_text.hpp): only the given codes, in the command's
// wording, and a meaning for every code.
#include "core/exit_code_text.hpp"

#include <gtest/gtest.h>

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
