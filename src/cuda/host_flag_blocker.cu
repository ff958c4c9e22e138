#include "cuda/cuda_check.hpp"
#include "cuda/host_flag_blocker.hpp"
#include "measure/timer_guard.hpp"

#include <atomic>
#include <cstdlib>

namespace gpuaudit {

namespace {

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void spin_until_released(volatile int* flags, unsigned long long timeout_ns, unsigned long long max_cycles) {
  const long long c0 = clock64();
  const unsigned long long start = global_ns();
  while (flags[0] == 0) {
    if (global_ns() - start > timeout_ns) {
      flags[1] = 1;
      break;
    }
    if (static_cast<unsigned long long>(clock64() - c0) > max_cycles) {
      flags[1] = 2;
      break;
    }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    __nanosleep(1000);  // fewer PCIe reads of the flag while waiting
#endif
  }
}

constexpr std::size_t kFlagBytes = 4096;  // one page: cudaHostRegister locks whole pages

}  // namespace

HostFlagBlocker::HostFlagBlocker() {
  void* p = nullptr;
  cudaError_t e = cudaHostAlloc(&p, 2 * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable);
  std::string tried;
  if (e != cudaSuccess) {
    (void)cudaGetLastError();  // not sticky: keep it out of the next call's status
    tried = std::string("cudaHostAlloc(Mapped): ") + cudaGetErrorName(e);
    p = nullptr;
    void* page = nullptr;
    if (posix_memalign(&page, kFlagBytes, kFlagBytes) == 0) {
      e = cudaHostRegister(page, kFlagBytes, cudaHostRegisterMapped | cudaHostRegisterPortable);
      if (e == cudaSuccess) {
        p = page;
        registered_ = true;
      } else {
        (void)cudaGetLastError();
        tried += std::string("; cudaHostRegister(Mapped): ") + cudaGetErrorName(e);
        std::free(page);
      }
    }
  }
  if (!p) {
    why_unavailable_ = "no mapped pinned memory for the host-flag hold (" + tried + ")";
    return;
  }
  host_flags_ = static_cast<volatile int*>(p);
  host_flags_[0] = 0;
  host_flags_[1] = 0;
  e = cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_flags_), p, 0);
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    device_flags_ = nullptr;
    why_unavailable_ = std::string("mapped memory has no device address (cudaHostGetDevicePointer: ") +
                       cudaGetErrorName(e) + ")";
  }
}

HostFlagBlocker::~HostFlagBlocker() {
  if (!host_flags_) return;
  void* p = const_cast<int*>(host_flags_);
  if (registered_) {
    cudaHostUnregister(p);
    std::free(p);
  } else {
    cudaFreeHost(p);
  }
}

void HostFlagBlocker::block(cudaStream_t stream, double timeout_s) {
  if (!available()) return;
  host_flags_[0] = 0;
  host_flags_[1] = 0;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  const auto timeout_ns = static_cast<unsigned long long>(timeout_s * 1e9);
  spin_until_released<<<1, 1, 0, stream>>>(device_flags_, timeout_ns, spin_cycle_cap(timeout_ns));
  GA_CUDA(cudaGetLastError());
}

void HostFlagBlocker::release() {
  if (!available()) return;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  host_flags_[0] = 1;
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

bool HostFlagBlocker::timed_out() const { return available() && host_flags_[1] != 0; }

bool HostFlagBlocker::timer_stalled() const { return available() && host_flags_[1] == 2; }

}  // namespace gpuaudit
