// What `gpuaudit soak` prints at the end: how long it ran, each GPU's decay verdict, and whether its
// output kept the same bits, wrapped to the terminal. A pure function of the record.
#pragma once

#include "soak/timeline.hpp"

#include <cstddef>
#include <string>

namespace gpuaudit {

std::string soak_text(const SoakRecord& rec, std::size_t width);

}  // namespace gpuaudit
