// Owning handles for device memory, pinned host memory, streams and events, so a benchmark that
// throws half-way frees everything it took: for the current device, and (DeviceBytes,
// DeviceStream, EventTimer) bound to a device of their own for the multi-GPU measurements.
#pragma once

#include "cuda/cuda_check.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <utility>

namespace gpuaudit {

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    if (count) GA_CUDA(cudaMalloc(reinterpret_cast<void**>(&ptr_), count * sizeof(T)));
  }
  ~DeviceBuffer() { reset(); }
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), count_(std::exchange(o.count_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      reset();
      ptr_ = std::exchange(o.ptr_, nullptr);
      count_ = std::exchange(o.count_, 0);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return ptr_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }
  // All bits set: NaN in every float format, so an element a kernel never wrote cannot pass a check.
  void poison(cudaStream_t s) const { GA_CUDA(cudaMemsetAsync(ptr_, 0xff, bytes(), s)); }
  void zero(cudaStream_t s) const { GA_CUDA(cudaMemsetAsync(ptr_, 0, bytes(), s)); }
  void reset() {
    if (ptr_) cudaFree(ptr_);
    ptr_ = nullptr;
    count_ = 0;
  }

 private:
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
};

// Page-locked host memory from cudaHostAlloc (the runtime picks the node; see host_memory.hpp for
// NUMA-placed buffers). When cudaHostAlloc fails (some vGPU and container setups refuse it while
// locking memory the process already owns works), page-aligned memory locked with
// cudaHostRegister, with the same portable/mapped flags; registered() says which.
template <typename T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t count, unsigned flags = cudaHostAllocDefault) : count_(count) {
    if (!count) return;
    const cudaError_t e = cudaHostAlloc(reinterpret_cast<void**>(&ptr_), bytes(), flags);
    if (e == cudaSuccess) return;
    (void)cudaGetLastError();
    ptr_ = nullptr;
    constexpr std::size_t kPage = 4096;
    const std::size_t rounded = (bytes() + kPage - 1) / kPage * kPage;
    void* p = nullptr;
    if (posix_memalign(&p, kPage, rounded) != 0) throw_cuda_error(e, "cudaHostAlloc()", __FILE__, __LINE__);
    unsigned reg = cudaHostRegisterDefault;
    if (flags & cudaHostAllocPortable) reg |= cudaHostRegisterPortable;
    if (flags & cudaHostAllocMapped) reg |= cudaHostRegisterMapped;
    const cudaError_t r = cudaHostRegister(p, rounded, reg);
    if (r != cudaSuccess) {
      std::free(p);
      throw_cuda_error(e, "cudaHostAlloc() (and cudaHostRegister() after it)", __FILE__, __LINE__);
    }
    ptr_ = static_cast<T*>(p);
    registered_ = true;
  }
  ~PinnedBuffer() {
    if (!ptr_) return;
    if (registered_) {
      cudaHostUnregister(ptr_);
      std::free(ptr_);
    } else {
      cudaFreeHost(ptr_);
    }
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  T* get() const { return ptr_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }
  bool registered() const { return registered_; }

 private:
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
  bool registered_ = false;
};

class Stream {
 public:
  Stream() { GA_CUDA(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }
  void sync() const { GA_CUDA(cudaStreamSynchronize(s_)); }

 private:
  cudaStream_t s_ = nullptr;
};

class Event {
 public:
  Event() { GA_CUDA(cudaEventCreate(&e_)); }
  ~Event() {
    if (e_) cudaEventDestroy(e_);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return e_; }
  void record(cudaStream_t s) const { GA_CUDA(cudaEventRecord(e_, s)); }
  void sync() const { GA_CUDA(cudaEventSynchronize(e_)); }
  // Seconds from `start` to this event (both recorded and complete).
  double seconds_since(const Event& start) const {
    float ms = 0;
    GA_CUDA(cudaEventElapsedTime(&ms, start.e_, e_));
    return static_cast<double>(ms) / 1e3;
  }

 private:
  cudaEvent_t e_ = nullptr;
};

// Handles bound to one device, for code that drives several GPUs from one thread (the multi-GPU
// measurements): each makes its device current to create, and again to free, what it holds.

// Untyped device memory on `device`.
class DeviceBytes {
 public:
  DeviceBytes(int device, std::size_t bytes) : device_(device), bytes_(bytes) {
    GA_CUDA(cudaSetDevice(device_));
    if (bytes_) GA_CUDA(cudaMalloc(&ptr_, bytes_));
  }
  ~DeviceBytes() {
    if (ptr_) {
      (void)cudaSetDevice(device_);
      (void)cudaFree(ptr_);
    }
  }
  DeviceBytes(const DeviceBytes&) = delete;
  DeviceBytes& operator=(const DeviceBytes&) = delete;
  void* get() const { return ptr_; }
  std::size_t bytes() const { return bytes_; }
  int device() const { return device_; }

 private:
  int device_;
  std::size_t bytes_;
  void* ptr_ = nullptr;
};

class DeviceStream {
 public:
  explicit DeviceStream(int device) : device_(device) {
    GA_CUDA(cudaSetDevice(device_));
    GA_CUDA(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking));
  }
  ~DeviceStream() {
    (void)cudaSetDevice(device_);
    (void)cudaStreamDestroy(s_);
  }
  DeviceStream(const DeviceStream&) = delete;
  DeviceStream& operator=(const DeviceStream&) = delete;
  cudaStream_t get() const { return s_; }
  int device() const { return device_; }
  void sync() const { GA_CUDA(cudaStreamSynchronize(s_)); }

 private:
  int device_;
  cudaStream_t s_ = nullptr;
};

// Start/stop events on one device's stream; milliseconds between them.
class EventTimer {
 public:
  explicit EventTimer(int device) : device_(device) {
    GA_CUDA(cudaSetDevice(device_));
    GA_CUDA(cudaEventCreate(&start_));
    GA_CUDA(cudaEventCreate(&stop_));
  }
  ~EventTimer() {
    (void)cudaSetDevice(device_);
    (void)cudaEventDestroy(start_);
    (void)cudaEventDestroy(stop_);
  }
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;
  void begin(cudaStream_t s) { GA_CUDA(cudaEventRecord(start_, s)); }
  void end(cudaStream_t s) { GA_CUDA(cudaEventRecord(stop_, s)); }
  double ms() {
    GA_CUDA(cudaEventSynchronize(stop_));
    float v = 0;
    GA_CUDA(cudaEventElapsedTime(&v, start_, stop_));
    return v;
  }

 private:
  int device_;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

}  // namespace gpuaudit
