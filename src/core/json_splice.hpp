// Replacing some members of a JSON object's text while keeping every other byte as it was.
//
// `gpuaudit score --write` owns one part of a document (the assessment). Writing the whole
// document back through the model turned 132 into 132.0, re-ordered nothing but re-formatted
// everything, and a committed golden file churned by 50 lines for a changed finding. Splicing
// the new member text into the original bytes keeps the rest byte for byte: numbers as written,
// the file's own indentation, its key order, its final newline or none.
#pragma once

#include "core/json.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit {

// Where one member of the top-level object lies in the text: [key_begin, value_end) is the whole
// `"key": value`, [value_begin, value_end) the value.
struct MemberSpan {
  std::string key;  // decoded
  std::size_t key_begin = 0, value_begin = 0, value_end = 0;
};

// The members of the top-level object of `text`, in order; nullopt when the text is not one JSON
// object (the scan trusts text that a JSON parser already accepted, and refuses anything else).
std::optional<std::vector<MemberSpan>> top_level_members(const std::string& text);

// `text` with each named member's value replaced by the given one, a member the text lacks added
// after the last one. The new value is written in the file's style: indented like its siblings
// (the indent unit read from the first member's line) when the file is pretty-printed, compact
// when it is on one line. Invalid UTF-8 in a value becomes U+FFFD, as the document writer does.
// nullopt when the text is not one object or names a replaced key twice (which copy would count).
std::optional<std::string> splice_members(const std::string& text, const std::vector<std::pair<std::string, json>>& members);

}  // namespace gpuaudit
