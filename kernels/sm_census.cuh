// sm/census: which SMs actually run work. Many short blocks, each recording the SM it ran on.
#pragma once

#include <cuda_runtime.h>

namespace gpuaudit::kernels {

// `blocks` blocks of one warp; block b spins for `spin_ns` (so the blocks cannot all run on a
// fast few SMs one after another) and writes its %smid to smids[b]. A block whose spin passes
// `max_cycles` SM cycles (the global timer stopped: measure/timer_guard.hpp) sets *timer_stalled.
cudaError_t launch_sm_census(unsigned* smids, int blocks, unsigned long long spin_ns, unsigned long long max_cycles,
                             unsigned* timer_stalled, cudaStream_t stream);

// How many census blocks one SM holds at once (the occupancy limit for one-warp blocks: 32 on
// sm_80/sm_90, 16 on sm_75/sm_86/sm_89...). The host launches several times as many per SM.
int sm_census_blocks_per_sm();

}  // namespace gpuaudit::kernels
