// hbm/read, hbm/write, hbm/copy, hbm/triad: device-memory bandwidth with 16-byte accesses. Each
// thread moves `unroll` float4 per step, all loads issued before any store, in a grid-stride loop;
// the grid comes from the SM count (persistent) or covers the array once (flat).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gpuaudit::kernels {

enum class StreamOp {
  read,   // checksum += bit patterns of b (uint32 wrap-around), nothing written per element
  write,  // a = scalar
  copy,   // a = b
  triad,  // a = b + scalar * c   (one fused multiply-add, as __fmaf_rn(scalar, c, b))
};

struct StreamShape {
  int threads = 256;
  int blocks = 0;
  int unroll = 4;  // 1, 2 or 4
};

// Arrays hold n_vec float4. Pointers an operation does not use may be null; `checksum` only for read.
cudaError_t launch_stream(StreamOp op, const StreamShape& shape, float4* a, const float4* b, const float4* c,
                          std::uint64_t n_vec, float scalar, unsigned* checksum, cudaStream_t stream);

int stream_blocks_per_sm(StreamOp op, int threads, int unroll);

}  // namespace gpuaudit::kernels
