// One GPU name as every printing of it compares: "NVIDIA A100-SXM4-40GB" (drivers from the R470
// era on), "A100-SXM4-40GB" (older drivers, and CUDA's device name in nccl-tests of that time),
// "Tesla  T4" from a VM that re-spaces it are one card.
#pragma once

#include <string>
#include <string_view>

namespace gpuaudit {

// Lower case, runs of white space as one space, no leading or trailing space, a leading "nvidia "
// dropped.
std::string gpu_name_key(std::string_view name);

}  // namespace gpuaudit
