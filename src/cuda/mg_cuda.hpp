// Small CUDA runtime helpers of the multi-GPU benchmarks: errors as exceptions, buffers,
// streams and event timing that remember their device. Kept here (not shared with the
// single-GPU benchmarks) so the multi-GPU suite stands on its own.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace gpuaudit::multigpu {

struct CudaFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline void cuda_check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  (void)cudaGetLastError();  // clear a sticky-free error so the next call starts clean
  throw CudaFailure(std::string(what) + ": " + cudaGetErrorString(e));
}
#define GA_CUDA(expr) ::gpuaudit::multigpu::cuda_check((expr), #expr)

class DeviceBuffer {
 public:
  DeviceBuffer(int device, std::size_t bytes) : device_(device), bytes_(bytes) {
    GA_CUDA(cudaSetDevice(device_));
    if (bytes_) GA_CUDA(cudaMalloc(&ptr_, bytes_));
  }
  ~DeviceBuffer() {
    if (ptr_) {
      (void)cudaSetDevice(device_);
      (void)cudaFree(ptr_);
    }
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
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

}  // namespace gpuaudit::multigpu
