// Fitting a group label ("gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb") into the
// room a chart gives it without losing the part that tells groups apart. Cutting it at the end
// hid "MIG 3g.40gb", the very reason that group's bars were half as long. So: break between the
// " / " parts onto a second line; then drop the vendor word every model name shares ("NVIDIA ");
// only then shorten, in the middle, so that both the start and the end (a MIG profile, a memory
// size) stay visible. The full text is always kept in the element's <title>.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace gpuaudit {

// Display width in code points (what the charts can count without a font).
std::size_t label_width(const std::string& s);

// At most `max_lines` lines of at most `max_chars` code points each.
std::vector<std::string> fit_label(const std::string& label, std::size_t max_chars, std::size_t max_lines = 2);

}  // namespace gpuaudit
