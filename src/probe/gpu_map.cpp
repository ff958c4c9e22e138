#include "probe/gpu_map.hpp"

#include <cctype>

namespace gpuaudit {

std::string pci_bus_key(std::string id) {
  if (id.size() > 12) id = id.substr(id.size() - 12);
  for (auto& c : id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return id;
}

std::vector<std::optional<int>> document_index_by_ordinal(const std::vector<GpuInfo>& gpus,
                                                          const std::vector<CudaDevice>& devices) {
  std::vector<std::optional<int>> out(devices.size());
  for (size_t i = 0; i < devices.size(); ++i) {
    const CudaDevice& d = devices[i];
    for (const auto& g : gpus)
      if (!d.uuid.empty() && g.uuid == d.uuid) out[i] = g.index;
    if (out[i]) continue;
    // MIG slices share their parent's bus id, so only a unique bus-id match counts.
    int matches = 0;
    std::optional<int> found;
    for (const auto& g : gpus)
      if (!d.pci_bus_id.empty() && pci_bus_key(g.pci_bus_id) == pci_bus_key(d.pci_bus_id)) {
        ++matches;
        found = g.index;
      }
    if (matches == 1) out[i] = found;
  }
  return out;
}

}  // namespace gpuaudit
