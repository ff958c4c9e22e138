// CUDA numbers devices its own way (fastest first, or CUDA_VISIBLE_DEVICES order); the document
// numbers them in NVML order. Results carry the document's index, so map one onto the other by
// UUID, then by PCI bus id.
#pragma once

#include "core/result.hpp"
#include "probe/cuda_probe.hpp"

#include <optional>
#include <vector>

namespace gpuaudit {

// Element i: the document index of CUDA device i, or null when the document has no such GPU.
std::vector<std::optional<int>> document_index_by_ordinal(const std::vector<GpuInfo>& gpus,
                                                          const std::vector<CudaDevice>& devices);

// "00000000:18:00.0" and "0000:18:00.0" -> "0000:18:00.0" (lower case): one key for both spellings.
std::string pci_bus_key(std::string bus_id);

}  // namespace gpuaudit
