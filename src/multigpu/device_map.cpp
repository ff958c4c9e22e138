#include "multigpu/device_map.hpp"

#include "multigpu/topology.hpp"

namespace gpuaudit::multigpu {

std::vector<MappedGpu> map_gpus_to_cuda(const std::vector<GpuInfo>& gpus, const std::vector<CudaDeviceId>& cuda,
                                        const std::vector<int>& selected, std::vector<int>* missing) {
  std::vector<int> wanted = selected;
  if (wanted.empty())
    for (const auto& g : gpus) wanted.push_back(g.index);
  std::vector<MappedGpu> out;
  for (int idx : wanted) {
    const GpuInfo* g = nullptr;
    for (const auto& x : gpus)
      if (x.index == idx) g = &x;
    const CudaDeviceId* hit = nullptr;
    if (g) {
      for (const auto& c : cuda)  // the UUID identifies slices and boards alike
        if (!g->uuid.empty() && c.uuid == g->uuid) hit = &c;
      if (!hit && !g->mig.is_mig_device)
        for (const auto& c : cuda)
          if (!g->pci_bus_id.empty() && normalize_bus_id(c.pci_bus_id) == normalize_bus_id(g->pci_bus_id)) hit = &c;
    }
    if (!hit) {
      if (missing) missing->push_back(idx);
      continue;
    }
    out.push_back({idx, hit->ordinal, g->mig.is_mig_device});
  }
  return out;
}

}  // namespace gpuaudit::multigpu
