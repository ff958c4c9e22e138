#include "cuda/cuda_check.hpp"
#include "cuda/host_flag_blocker.hpp"

#include <atomic>

namespace gpuaudit {

namespace {

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void spin_until_released(volatile int* flags, unsigned long long timeout_ns) {
  const unsigned long long start = global_ns();
  while (flags[0] == 0) {
    if (global_ns() - start > timeout_ns) {
      flags[1] = 1;
      break;
    }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    __nanosleep(1000);  // fewer PCIe reads of the flag while waiting
#endif
  }
}

}  // namespace

HostFlagBlocker::HostFlagBlocker() {
  void* p = nullptr;
  GA_CUDA(cudaHostAlloc(&p, 2 * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable));
  host_flags_ = static_cast<volatile int*>(p);
  host_flags_[0] = 0;
  host_flags_[1] = 0;
  GA_CUDA(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_flags_), p, 0));
}

HostFlagBlocker::~HostFlagBlocker() {
  if (host_flags_) cudaFreeHost(const_cast<int*>(host_flags_));
}

void HostFlagBlocker::block(cudaStream_t stream, double timeout_s) {
  host_flags_[0] = 0;
  host_flags_[1] = 0;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  spin_until_released<<<1, 1, 0, stream>>>(device_flags_, static_cast<unsigned long long>(timeout_s * 1e9));
  GA_CUDA(cudaGetLastError());
}

void HostFlagBlocker::release() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  host_flags_[0] = 1;
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

bool HostFlagBlocker::timed_out() const { return host_flags_[1] != 0; }

}  // namespace gpuaudit
