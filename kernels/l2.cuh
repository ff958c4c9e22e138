// l2/read: L2 bandwidth. A working set that fits in L2 is read `passes` times with ld.global.cg
// (cached in L2 only, so L1 hits cannot inflate the figure); the words are summed so the loads
// cannot be optimised away and the host can check the sum.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gpuaudit::kernels {

// *checksum += passes * (sum of all 32-bit words of data[0..n_vec)), modulo 2^32.
cudaError_t launch_l2_read(const uint4* data, std::uint64_t n_vec, int passes, int blocks, int threads,
                           unsigned* checksum, cudaStream_t stream);

int l2_read_blocks_per_sm(int threads);

}  // namespace gpuaudit::kernels
