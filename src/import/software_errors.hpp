// What a tool prints when the software stack, not the GPU, stops it: the driver is older than the
// program's CUDA runtime, the kernel module and the user-space driver differ, the fabric manager
// of an NVSwitch box is not running, the driver is not loaded. Every tool (bandwidthTest,
// nccl-tests, dcgmi, nvidia-smi, a framework's traceback) prints the same CUDA/NVML messages, so
// one table recognises them in any imported file, whatever its format, and the `software` rule
// judges them: an output that holds only such an error is evidence, not a file to refuse.
#pragma once

#include "core/json.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports {

struct SoftwareError {
  std::string kind;     // driver-too-old | driver-library-mismatch | fabric-manager | driver-not-loaded |
                        // no-device | devices-unavailable | cuda-init-failed | driver-firmware-missing
  std::string meaning;  // one sentence: what it means and what fixes it
  std::string text;     // the line as printed (trimmed, at most 300 characters)
  std::string file;
  int line = 0;
};

// Every recognised line of `text` (at most 20: a log that repeats one error per GPU says it once
// per kind and line).
std::vector<SoftwareError> find_software_errors(std::string_view text, const std::string& file);

json software_error_json(const SoftwareError& e);

// Where the importer keeps them: doc.extra["software_errors"], an array of software_error_json.
inline constexpr const char* kSoftwareErrorsKey = "software_errors";

}  // namespace gpuaudit::imports
