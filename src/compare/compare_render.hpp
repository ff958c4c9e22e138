// The four faces of a comparison: a terminal table, Markdown for a GitHub job summary, JUnit XML
// for CI test reporters (one test case per figure, a failure per regression), and JSON.
#pragma once

#include "compare/compare.hpp"
#include "core/json.hpp"

#include <cstddef>
#include <string>

namespace gpuaudit {

// width: prose wrapped to it; all_rows: every figure in the table (else the "same" ones are one line).
std::string compare_text(const Comparison& c, std::size_t width = 100, bool all_rows = false);
std::string compare_markdown(const Comparison& c);
std::string compare_junit(const Comparison& c);
json compare_json(const Comparison& c);

// "1 regressed, 2 improved, 14 same, 1 missing" (outcomes with zero figures left out, except same)
std::string outcome_counts(const Comparison& c);

}  // namespace gpuaudit
