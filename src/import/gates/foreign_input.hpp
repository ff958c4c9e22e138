// Inputs that look like a format gpuaudit reads but must not be read as it, refused before detection
// with one line that says what the file is (the importer throws input_error, exit 2):
//
// - Another vendor's run. rccl-tests (AMD's fork of nccl-tests) prints nccl-tests' header, rank
//   lines and table byte for byte, so the nccl-tests parser would read an MI300X's bus bandwidth as a
//   GPU's figure and the scorer would hold it against NVIDIA baselines. Every gpuaudit baseline and
//   rule is of NVIDIA GPUs: an AMD run is not judged at all rather than judged wrong.
// - A unified diff (`diff -u a.txt b.txt`, `git diff`) of two outputs. Its lines are the two files'
//   lines with "+", "-" or " " before them, so a parser would read both sides as one dump (two
//   power limits, two driver versions, the GPUs twice). Neither side is whole either: a diff keeps
//   only the lines near a change. So it is refused, with a hint to import the two files instead.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

// Why `text` (normalised) is refused ("an AMD ROCm run: rccl-tests ... (line 4)"), or nullopt when
// it is not one of the inputs above. Never throws.
std::optional<std::string> foreign_input(std::string_view text);

}  // namespace gpuaudit::imports
