// What a benchmark needs to know about its device, read once from the CUDA runtime.
#pragma once

#include <cstdint>
#include <string>

namespace gpuaudit {

struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  std::string pci_bus_id;  // "0000:18:00.0"
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  int max_threads_per_sm = 0;
  std::uint64_t l2_bytes = 0;
  std::uint64_t total_bytes = 0;
  bool integrated = false;

  int cc() const { return cc_major * 10 + cc_minor; }
};

// Throws CudaError when the device cannot be queried.
DeviceInfo device_info(int ordinal);

// Free memory of the current device right now (cudaMemGetInfo).
std::uint64_t device_free_bytes();

// Number of CUDA devices; 0 when the runtime cannot start (no driver, no device). `why` gets the
// runtime's reason.
int cuda_device_count(std::string* why = nullptr);

}  // namespace gpuaudit
