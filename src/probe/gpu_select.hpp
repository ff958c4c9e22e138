// `--gpus`: which GPUs a run or soak measures, named as nvidia-smi names them: an index in the
// document's order (NVML's, which is nvidia-smi's: PCI bus order, not CUDA's fastest-first order
// nor CUDA_VISIBLE_DEVICES'), a UUID ("GPU-5f3c…", or a MIG device's "MIG-…"), or a PCI bus id
// ("0000:18:00.0", "00000000:18:00.0" or "18:00.0"), as `nvidia-smi -i` takes them.
#pragma once

#include "core/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// Whether `entry` has the form of one of the three (checked before the inventory, which is slow).
bool is_gpu_selector(std::string_view entry);

// The document indices `entries` name, in the order given, each once. Throws Error(usage) naming
// an entry that matches no GPU of `gpus`, with what there is to choose from.
std::vector<int> select_gpus(const std::vector<std::string>& entries, const std::vector<GpuInfo>& gpus);

}  // namespace gpuaudit
