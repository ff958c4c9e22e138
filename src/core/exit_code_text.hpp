// The "Exit codes" table of each help page: only the codes that command can return, each with
// the command's own wording where it has one (compare's 1 is "a regression", check's 1 "FAIL").
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gpuaudit {

// A code and what it means for one command; an empty meaning takes the shared one.
using ExitCodeUse = std::pair<int, std::string>;

// What each code of exit_codes.hpp means for every command ("" for a code that is none of them).
std::string exit_code_meaning(int code);

// Every code of exit_codes.hpp, for gpuaudit --help.
std::vector<ExitCodeUse> all_exit_codes();

// "Exit codes:\n  0    healthy\n  2    usage or input error\n...", in the order given.
std::string exit_code_table(const std::vector<ExitCodeUse>& codes);

}  // namespace gpuaudit
