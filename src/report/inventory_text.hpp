// `gpuaudit info` as text: what a person checks first on a rented machine.
#pragma once

#include "baselines/baseline_set.hpp"
#include "core/result.hpp"

#include <cstddef>
#include <string>

namespace gpuaudit {

// width: a line wider than it is wrapped, its continuation under the value column; 0: none is.
// baselines: where given, each GPU's "Video" line names the engines NVIDIA publishes for its model
// (report/video_engines_text.hpp); the encoder sessions of the document are named either way.
std::string inventory_text(const ResultDocument& doc, std::size_t width = 100, const BaselineSet* baselines = nullptr);

}  // namespace gpuaudit
