// The assessment on one screen: the headline, one line per finding (the same finding on several
// GPUs said once: "GPUs 0-7"), one row per GPU, the machine's shared figures, notes and cost.
// The evidence and every figure of every GPU are assessment_text's (`score -v`). Built from the
// Assessment alone, like assessment_text, so a stored assessment prints the same as a fresh one.
#pragma once

#include "core/result.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace gpuaudit {

struct SummaryStyle {
  std::size_t width = 100;  // prose is wrapped to it (text/terminal.hpp: terminal_width)
  bool colour = false;      // finding ids in colour (text/terminal.hpp: colour_wanted)
  std::string details_hint = "add -v for the evidence and every figure";  // "" prints none
};

std::string assessment_summary(const Assessment& a, const SummaryStyle& style);

}  // namespace gpuaudit
