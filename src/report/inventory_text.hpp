// `gpuaudit info` as text: what a person checks first on a rented machine.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

std::string inventory_text(const ResultDocument& doc);

}  // namespace gpuaudit
