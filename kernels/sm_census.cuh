// sm/census: which SMs actually run work. Many short blocks, each recording the SM it ran on.
#pragma once

#include <cuda_runtime.h>

namespace gpuaudit::kernels {

// `blocks` blocks of one warp; block b spins for `spin_ns` (so later blocks spread to idle SMs
// instead of queueing behind a fast one) and writes its %smid to smids[b].
cudaError_t launch_sm_census(unsigned* smids, int blocks, unsigned long long spin_ns, cudaStream_t stream);

}  // namespace gpuaudit::kernels
