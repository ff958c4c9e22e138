// CUDA runtime errors as exceptions: a benchmark throws, and its runner records status "error"
// with the one-line message (call, error name, file:line) instead of a figure.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace gpuaudit {

class CudaError : public std::runtime_error {
 public:
  CudaError(cudaError_t code, const std::string& message) : std::runtime_error(message), code_(code) {}
  cudaError_t code() const { return code_; }

 private:
  cudaError_t code_;
};

// Clears the runtime's last error (so a non-sticky failure such as out-of-memory does not leak into
// the next call) and throws.
[[noreturn]] void throw_cuda_error(cudaError_t e, const char* expr, const char* file, int line);

}  // namespace gpuaudit

#define GA_CUDA(expr)                                                         \
  do {                                                                        \
    const cudaError_t ga_cuda_status_ = (expr);                               \
    if (ga_cuda_status_ != cudaSuccess)                                       \
      ::gpuaudit::throw_cuda_error(ga_cuda_status_, #expr, __FILE__, __LINE__); \
  } while (0)
