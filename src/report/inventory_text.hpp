// `gpuaudit info` as text: what a person checks first on a rented machine.
#pragma once

#include "core/result.hpp"

#include <cstddef>
#include <string>

namespace gpuaudit {

// width: a line wider than it is wrapped, its continuation under the value column; 0: none is.
std::string inventory_text(const ResultDocument& doc, std::size_t width = 100);

}  // namespace gpuaudit
