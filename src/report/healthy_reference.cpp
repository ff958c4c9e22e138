#include "report/healthy_reference.hpp"

namespace gpuaudit {

std::optional<double> HealthyReference::of(const GpuInfo& gpu, const std::string& figure, const std::string& unit) const {
  // What matching reads (baseline_match): the name, the PCI id and the memory size.
  const std::string model = gpu.name + '\x1f' + gpu.pci_device_id.value_or("") + '\x1f' +
                            std::to_string(gpu.memory_total_bytes.value_or(0));
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = by_model_.find(model);
  if (it == by_model_.end()) {
    std::map<std::string, std::pair<double, std::string>> expected;
    if (lookup_) {
      const GpuReference ref = lookup_(gpu);
      if (!ref.unknown_model())
        for (const auto& [name, e] : ref.baseline->expected) expected[name] = {e.value, e.unit};
    }
    it = by_model_.emplace(model, std::move(expected)).first;
  }
  const auto e = it->second.find(figure);
  if (e == it->second.end() || e->second.second != unit) return std::nullopt;
  return e->second.first;
}

}  // namespace gpuaudit
