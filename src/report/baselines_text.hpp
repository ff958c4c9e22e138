// Text views of the baseline set for `gpuaudit baselines list|show|check`.
#pragma once

#include "baselines/baseline_set.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

// One line per model: id, SMs, memory, bandwidth, dense BF16 and the model's name (cut with "..."
// to fit `width` columns); uncertain figures end in '?'.
std::string baselines_list_text(const BaselineSet& set, std::size_t width);

// One model with every figure and where it came from; sources and notes wrapped to `width`.
std::string baseline_show_text(const Baseline& b, std::size_t width);

// The problems of check_baselines, or a line saying the set is sound.
std::string baselines_check_text(const BaselineSet& set, const std::vector<std::string>& problems);

}  // namespace gpuaudit
