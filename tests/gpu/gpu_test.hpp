// Minimal harness for the GPU tests: no GoogleTest (the device machine may lack it), exit 77 when
// there is no device (CTest reports "skipped"), exit 1 on the first failed expectation.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

namespace gpu_test {

inline int failures = 0;

inline int require_device() {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    std::printf("SKIP: no CUDA device (%s)\n", e != cudaSuccess ? cudaGetErrorString(e) : "none found");
    std::exit(77);
  }
  return n;
}

inline int finish(const char* name) {
  if (failures) {
    std::printf("FAIL: %s: %d expectation(s) failed\n", name, failures);
    return 1;
  }
  std::printf("PASS: %s\n", name);
  return 0;
}

}  // namespace gpu_test

#define GT_EXPECT(cond, ...)                                              \
  do {                                                                    \
    if (!(cond)) {                                                        \
      std::printf("%s:%d: expected %s: ", __FILE__, __LINE__, #cond);     \
      std::printf(__VA_ARGS__);                                           \
      std::printf("\n");                                                  \
      ++gpu_test::failures;                                               \
    }                                                                     \
  } while (0)

#define GT_CUDA(expr)                                                                              \
  do {                                                                                             \
    const cudaError_t gt_e_ = (expr);                                                              \
    if (gt_e_ != cudaSuccess) {                                                                    \
      std::printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr, cudaGetErrorString(gt_e_)); \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)
