// Prose broken into lines that fit a terminal: at spaces only, so no word is split, and never
// inside a `command in backticks`, which a reader copies whole.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpuaudit {

// `text` (one paragraph; runs of spaces count as one) broken into lines of at most `width`
// display columns, `first` before the first line and `rest` before each further one, each line
// ending in a newline. A word or a backticked command longer than a line stands alone on its line.
std::string wrap(std::string_view text, std::size_t width, std::string_view first = "", std::string_view rest = "");

}  // namespace gpuaudit
