// The whole numbers a log writes right after a word: "cuInit failed with error: 34", "returned 2",
// "code=214(...)", "clBuildProgram failed: error -11". The error readers look codes up by them; one
// scanner so each says only its keys and what may stand between a key and its number.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace gpuaudit {

struct NumberAfter {
  std::string_view skip;             // characters that may stand between the key and the number (" :=(")
  bool negative = false;             // the number is written with a '-' before it (OpenCL's codes)
  std::size_t max_digits = 6;        // more digits than this are no code
  std::string_view not_before = "";  // a character after the digits that makes them no code: '.' of a version, ':' of a time
};

// Each number after an occurrence of a key in `line` at or after `from`, the first key's first;
// negative ones with their sign when `how.negative`. Keys are matched as written (callers pass a
// lower-cased line and lower-case keys).
std::vector<long> numbers_after(std::string_view line, std::initializer_list<std::string_view> keys, const NumberAfter& how,
                                std::size_t from = 0);

}  // namespace gpuaudit
