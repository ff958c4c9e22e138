// Which CUDA device is which GPU of the document. The document numbers GPUs in NVML order; CUDA
// numbers the devices it can see (CUDA_VISIBLE_DEVICES, its own ordering). The PCI bus id (or,
// for a MIG slice, the UUID) ties the two together.
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit::multigpu {

struct CudaDeviceId {
  int ordinal = 0;
  std::string pci_bus_id;  // "0000:18:00.0"
  std::string uuid;        // "GPU-..." / "MIG-..."
};

struct MappedGpu {
  int doc_index = 0;
  int cuda_ordinal = 0;
  bool mig = false;
};

// The GPUs to use, in document order: `selected` doc indices (all when empty) that CUDA can
// see. Unmatched ones are left out and named in `missing`.
std::vector<MappedGpu> map_gpus_to_cuda(const std::vector<GpuInfo>& gpus, const std::vector<CudaDeviceId>& cuda,
                                        const std::vector<int>& selected, std::vector<int>* missing = nullptr);

}  // namespace gpuaudit::multigpu
