// sm/launch, sm/launch_sync: the cost of starting a kernel. The kernel does almost nothing (one
// thread adds 1 to a counter, so the host can check every launch really ran).
#pragma once

#include <cuda_runtime.h>

namespace gpuaudit::kernels {

cudaError_t launch_tiny(unsigned* counter, cudaStream_t stream);

}  // namespace gpuaudit::kernels
