// Host buffers for the copy benchmarks: page-aligned memory placed on a chosen NUMA node (mbind
// before first touch), then page-locked with cudaHostRegister when pinned. Placement is best
// effort: containers and some sandboxes refuse mbind, and numa_bound() then says so.
#pragma once

#include <cstddef>
#include <optional>

namespace gpuaudit {

class HostMemory {
 public:
  HostMemory(std::size_t bytes, std::optional<int> numa_node, bool pinned);
  ~HostMemory();
  HostMemory(const HostMemory&) = delete;
  HostMemory& operator=(const HostMemory&) = delete;

  void* data() const { return ptr_; }
  std::size_t bytes() const { return bytes_; }
  bool pinned() const { return pinned_; }
  bool numa_bound() const { return numa_bound_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
  bool pinned_ = false;
  bool numa_bound_ = false;
};

}  // namespace gpuaudit
