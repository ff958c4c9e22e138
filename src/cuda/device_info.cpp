#include "cuda/device_info.hpp"

#include "cuda/cuda_check.hpp"

#include <cuda_runtime.h>

namespace gpuaudit {

DeviceInfo device_info(int ordinal) {
  cudaDeviceProp p{};
  GA_CUDA(cudaGetDeviceProperties(&p, ordinal));
  DeviceInfo d;
  d.ordinal = ordinal;
  d.name = p.name;
  char bus[32] = {};
  if (cudaDeviceGetPCIBusId(bus, sizeof bus, ordinal) == cudaSuccess) d.pci_bus_id = bus;
  d.cc_major = p.major;
  d.cc_minor = p.minor;
  d.sm_count = p.multiProcessorCount;
  d.max_threads_per_sm = p.maxThreadsPerMultiProcessor;
  d.l2_bytes = static_cast<std::uint64_t>(p.l2CacheSize);
  d.total_bytes = p.totalGlobalMem;
  d.integrated = p.integrated != 0;
  return d;
}

std::uint64_t device_free_bytes() {
  size_t free_b = 0, total_b = 0;
  GA_CUDA(cudaMemGetInfo(&free_b, &total_b));
  return free_b;
}

int cuda_device_count(std::string* why) {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    if (why) *why = std::string(cudaGetErrorString(e)) + " (" + cudaGetErrorName(e) + ")";
    (void)cudaGetLastError();
    return 0;
  }
  if (n == 0 && why) *why = "the CUDA runtime sees no device";
  return n;
}

}  // namespace gpuaudit
