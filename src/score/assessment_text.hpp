// The assessment as a person reads it: the headline, each finding with its evidence, the cost,
// and the table of every figure against its reference. Built from the Assessment alone (its
// `extra` holds the per-figure data), so a stored assessment prints the same as a fresh one.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

std::string assessment_text(const Assessment& a);

}  // namespace gpuaudit
