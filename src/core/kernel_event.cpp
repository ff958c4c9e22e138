#include "core/kernel_event.hpp"

namespace gpuaudit {

std::vector<KernelEvent> kernel_events(const GpuInfo& gpu) {
  std::vector<KernelEvent> out;
  if (!gpu.extra.is_object()) return out;
  const auto it = gpu.extra.find(kKernelEventsKey);
  if (it == gpu.extra.end() || !it->is_array()) return out;
  for (const auto& e : *it) {
    if (!e.is_object()) continue;
    try {
      out.push_back(e.get<KernelEvent>());
    } catch (const std::exception&) {
      // a malformed entry says nothing the rules can use
    }
  }
  return out;
}

}  // namespace gpuaudit
