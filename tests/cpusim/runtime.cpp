// The CPU stand-in's CUDA runtime (include/cuda_runtime.h): one pretend device (config.hpp), device
// memory that is host memory, launches that run before they return (grid.cpp), so a stream never
// holds work and a synchronisation only reports errors. Each cudaMalloc buffer ends flush against
// an inaccessible page: a kernel that reads or writes past the end of an array faults at once, and
// the SIGSEGV handler names the buffer and the GPU thread.
#include "cpusim/config.hpp"
#include "cpusim/grid.hpp"

#include <cuda_runtime.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>

namespace {

struct Mapping {
  void* base;
  std::size_t bytes;  // the whole mapping, guard page included
  std::size_t size;   // what cudaMalloc was asked for
};
std::map<const char*, Mapping> g_buffers;  // by user pointer

std::size_t page_bytes() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }

// The buffer whose guard page holds `a`, if any.
const std::pair<const char* const, Mapping>* guard_owner(const char* a) {
  for (const auto& kv : g_buffers) {
    const char* guard = static_cast<const char*>(kv.second.base) + kv.second.bytes - page_bytes();
    if (a >= guard && a < guard + page_bytes()) return &kv;
  }
  return nullptr;
}

void on_segv(int, siginfo_t* info, void*) {
  const char* a = static_cast<const char*>(info->si_addr);
  char where[256], line[512];
  cpusim::describe_current(where, sizeof where);
  if (const auto* b = guard_owner(a))
    std::snprintf(line, sizeof line, "cpusim: %s: access %zu bytes past the end of a %zu-byte cudaMalloc buffer\n", where,
                  static_cast<std::size_t>(a - (b->first + b->second.size)), b->second.size);
  else if (cpusim::in_fiber_guard(a))
    std::snprintf(line, sizeof line, "cpusim: %s: stack overflow of its fiber\n", where);
  else
    std::snprintf(line, sizeof line, "cpusim: %s: segmentation fault at %p\n", where, info->si_addr);
  const ssize_t ignored = write(2, line, std::strlen(line));
  (void)ignored;
  _exit(1);
}

void install_handler() {
  static bool done = false;
  if (done) return;
  done = true;
  static char alt[64 * 1024];
  stack_t ss{};
  ss.ss_sp = alt;
  ss.ss_size = sizeof alt;
  sigaltstack(&ss, nullptr);
  struct sigaction sa {};
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigaction(SIGSEGV, &sa, nullptr);
}

cudaError_t status() { return static_cast<cudaError_t>(cpusim::sticky_error()); }

}  // namespace

cudaError_t cudaGetDeviceCount(int* count) {
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) { return device == 0 ? status() : cudaErrorInvalidDevice; }
cudaError_t cudaGetDevice(int* device) {
  *device = 0;
  return status();
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int device) {
  if (device != 0) return cudaErrorInvalidDevice;
  const cpusim::Config& c = cpusim::config();
  *p = cudaDeviceProp{};
  std::snprintf(p->name, sizeof p->name, "cpusim (%s schedule)", cpusim::schedule_name(c.schedule));
  // Compute capability 7.0's limits (CUDA C++ Programming Guide, "Technical Specifications per
  // Compute Capability"); 7.0 has no mma.sync m16n8k8/m16n8k16, so the tensor tests skip.
  p->major = 7;
  p->minor = 0;
  p->multiProcessorCount = c.sms;
  p->totalGlobalMem = 16ull << 30;
  p->sharedMemPerBlock = 48 * 1024;
  p->regsPerBlock = 65536;
  p->warpSize = 32;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
  p->maxThreadsDim[2] = 64;
  p->maxGridSize[0] = 0x7fffffff;
  p->maxGridSize[1] = p->maxGridSize[2] = 65535;
  p->l2CacheSize = 6 << 20;
  p->maxThreadsPerMultiProcessor = 2048;
  p->maxBlocksPerMultiProcessor = 32;
  p->regsPerMultiprocessor = 65536;
  p->sharedMemPerMultiprocessor = 96 * 1024;
  return status();
}

cudaError_t cudaMalloc(void** p, std::size_t bytes) {
  install_handler();
  const std::size_t page = page_bytes();
  const std::size_t rounded = (bytes + 15) / 16 * 16;  // 16-byte alignment: the widest access, float4
  const std::size_t data_pages = std::max<std::size_t>((rounded + page - 1) / page, 1);
  const std::size_t total = (data_pages + 1) * page;
  void* base = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) return cudaErrorMemoryAllocation;
  mprotect(static_cast<char*>(base) + data_pages * page, page, PROT_NONE);
  char* user = static_cast<char*>(base) + data_pages * page - rounded;
  g_buffers[user] = Mapping{base, total, bytes};
  *p = user;
  return status();
}

cudaError_t cudaFree(void* p) {
  if (!p) return status();
  const auto it = g_buffers.find(static_cast<const char*>(p));
  if (it == g_buffers.end()) return cudaErrorInvalidValue;
  munmap(it->second.base, it->second.bytes);
  g_buffers.erase(it);
  return status();
}

cudaError_t cudaMemset(void* p, int value, std::size_t bytes) {
  if (status()) return status();
  std::memset(p, value, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void* p, int value, std::size_t bytes, cudaStream_t) { return cudaMemset(p, value, bytes); }

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind) {
  if (status()) return status();
  std::memcpy(dst, src, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t cudaDeviceSynchronize() { return status(); }
cudaError_t cudaStreamSynchronize(cudaStream_t) { return status(); }
cudaError_t cudaGetLastError() { return static_cast<cudaError_t>(cpusim::take_last_error()); }
cudaError_t cudaPeekAtLastError() {
  const int e = cpusim::take_last_error();
  cpusim::set_last_error(e);
  return static_cast<cudaError_t>(e);
}

const char* cudaGetErrorName(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case cudaErrorInvalidDeviceFunction: return "cudaErrorInvalidDeviceFunction";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorIllegalAddress: return "cudaErrorIllegalAddress";
    case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
    case cudaErrorNotSupported: return "cudaErrorNotSupported";
  }
  return "cudaErrorUnknown";
}
const char* cudaGetErrorString(cudaError_t e) { return cudaGetErrorName(e); }

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void*, int threads, std::size_t shared) {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  if (threads < 1 || threads > p.maxThreadsPerBlock || shared > p.sharedMemPerBlock) {
    *blocks = 0;
    return cudaErrorInvalidValue;
  }
  const int warps = (threads + 31) / 32;
  const int by_threads = p.maxThreadsPerMultiProcessor / (warps * 32);
  const int by_shared = shared ? static_cast<int>(p.sharedMemPerMultiprocessor / shared) : p.maxBlocksPerMultiProcessor;
  *blocks = std::min({by_threads, by_shared, p.maxBlocksPerMultiProcessor});
  return status();
}
