// The CUDA probe of a build without CUDA (-DGPUAUDIT_CUDA=OFF): offline commands only.
#include "probe/cuda_probe.hpp"

namespace gpuaudit {

CudaProbe probe_cuda() { return CudaProbe{}; }

}  // namespace gpuaudit
