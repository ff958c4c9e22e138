#include "cuda/host_memory.hpp"

#include "cuda/cuda_check.hpp"

#include <linux/mempolicy.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>
#include <new>

namespace gpuaudit {

namespace {

// mbind(2) through syscall(): libnuma is not a dependency. Returns false when the kernel refuses.
bool bind_to_node(void* p, std::size_t bytes, int node) {
  constexpr int kWords = 16;  // up to 1024 nodes
  if (node < 0 || node >= kWords * 64) return false;
  unsigned long mask[kWords] = {};
  mask[node / 64] = 1ul << (node % 64);
  const long r = syscall(SYS_mbind, p, bytes, MPOL_BIND, mask, static_cast<unsigned long>(kWords * 64 + 1), 0u);
  return r == 0;
}

}  // namespace

HostMemory::HostMemory(std::size_t bytes, std::optional<int> numa_node, bool pinned) : bytes_(bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  ptr_ = p;
  if (numa_node) numa_bound_ = bind_to_node(p, bytes, *numa_node);
  std::memset(p, 0, bytes);  // first touch: the pages land on the bound node now
  if (pinned) {
    const cudaError_t e = cudaHostRegister(p, bytes, cudaHostRegisterPortable);
    if (e != cudaSuccess) {
      munmap(p, bytes);
      ptr_ = nullptr;
      throw_cuda_error(e, "cudaHostRegister()", __FILE__, __LINE__);
    }
    pinned_ = true;
  }
}

HostMemory::~HostMemory() {
  if (!ptr_) return;
  if (pinned_) cudaHostUnregister(ptr_);
  munmap(ptr_, bytes_);
}

}  // namespace gpuaudit
