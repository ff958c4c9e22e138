// The table `gpuaudit run` prints: figure, spread, and what the card did meanwhile.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

std::string results_table(const ResultDocument& doc);

}  // namespace gpuaudit
