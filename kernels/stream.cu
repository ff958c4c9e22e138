#include "kernels/ptx.cuh"
#include "kernels/stream.cuh"

namespace gpuaudit::kernels {

namespace {

__device__ __forceinline__ unsigned bits_sum(const float4& v) {
  return __float_as_uint(v.x) + __float_as_uint(v.y) + __float_as_uint(v.z) + __float_as_uint(v.w);
}

template <StreamOp Op>
__device__ __forceinline__ void one(std::uint64_t i, [[maybe_unused]] float4* __restrict__ a,
                                    [[maybe_unused]] const float4* __restrict__ b,
                                    [[maybe_unused]] const float4* __restrict__ c, [[maybe_unused]] float s,
                                    [[maybe_unused]] unsigned& acc) {
  if constexpr (Op == StreamOp::read) acc += bits_sum(b[i]);
  else if constexpr (Op == StreamOp::write) a[i] = make_float4(s, s, s, s);
  else if constexpr (Op == StreamOp::copy) a[i] = b[i];
  else {
    const float4 x = b[i], y = c[i];
    a[i] = make_float4(__fmaf_rn(s, y.x, x.x), __fmaf_rn(s, y.y, x.y), __fmaf_rn(s, y.z, x.z), __fmaf_rn(s, y.w, x.w));
  }
}

template <StreamOp Op, int U>
__global__ void stream_kernel([[maybe_unused]] float4* __restrict__ a, [[maybe_unused]] const float4* __restrict__ b,
                              [[maybe_unused]] const float4* __restrict__ c, std::uint64_t n, [[maybe_unused]] float s,
                              [[maybe_unused]] unsigned* checksum) {
  const std::uint64_t stride = grid_threads();
  std::uint64_t i = global_thread();
  unsigned acc = 0;
  // Main loop: U elements per thread, `stride` apart (so each warp access stays coalesced), loads
  // first so U requests are in flight at once.
  for (; i + (U - 1) * stride < n; i += U * stride) {
    if constexpr (Op == StreamOp::write) {
#pragma unroll
      for (int u = 0; u < U; ++u) a[i + u * stride] = make_float4(s, s, s, s);
    } else {
      float4 x[U], y[U];
#pragma unroll
      for (int u = 0; u < U; ++u) x[u] = b[i + u * stride];
      if constexpr (Op == StreamOp::triad) {
#pragma unroll
        for (int u = 0; u < U; ++u) y[u] = c[i + u * stride];
      }
#pragma unroll
      for (int u = 0; u < U; ++u) {
        if constexpr (Op == StreamOp::read) acc += bits_sum(x[u]);
        else if constexpr (Op == StreamOp::copy) a[i + u * stride] = x[u];
        else
          a[i + u * stride] = make_float4(__fmaf_rn(s, y[u].x, x[u].x), __fmaf_rn(s, y[u].y, x[u].y),
                                          __fmaf_rn(s, y[u].z, x[u].z), __fmaf_rn(s, y[u].w, x[u].w));
      }
    }
  }
  for (; i < n; i += stride) one<Op>(i, a, b, c, s, acc);
  if constexpr (Op == StreamOp::read) {
    acc = warp_sum(acc);
    if ((threadIdx.x & 31) == 0) atomicAdd(checksum, acc);
  }
}

template <StreamOp Op>
cudaError_t launch_op(const StreamShape& sh, float4* a, const float4* b, const float4* c, std::uint64_t n, float s,
                      unsigned* checksum, cudaStream_t st) {
  switch (sh.unroll) {
    case 1: stream_kernel<Op, 1><<<sh.blocks, sh.threads, 0, st>>>(a, b, c, n, s, checksum); break;
    case 2: stream_kernel<Op, 2><<<sh.blocks, sh.threads, 0, st>>>(a, b, c, n, s, checksum); break;
    default: stream_kernel<Op, 4><<<sh.blocks, sh.threads, 0, st>>>(a, b, c, n, s, checksum); break;
  }
  return cudaGetLastError();
}

template <StreamOp Op>
int occupancy(int threads, int unroll) {
  int n = 0;
  cudaError_t e = cudaErrorInvalidValue;
  switch (unroll) {
    case 1: e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, stream_kernel<Op, 1>, threads, 0); break;
    case 2: e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, stream_kernel<Op, 2>, threads, 0); break;
    default: e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, stream_kernel<Op, 4>, threads, 0); break;
  }
  return e == cudaSuccess && n > 0 ? n : 1;
}

}  // namespace

cudaError_t launch_stream(StreamOp op, const StreamShape& sh, float4* a, const float4* b, const float4* c,
                          std::uint64_t n, float s, unsigned* checksum, cudaStream_t st) {
  switch (op) {
    case StreamOp::read: return launch_op<StreamOp::read>(sh, a, b, c, n, s, checksum, st);
    case StreamOp::write: return launch_op<StreamOp::write>(sh, a, b, c, n, s, checksum, st);
    case StreamOp::copy: return launch_op<StreamOp::copy>(sh, a, b, c, n, s, checksum, st);
    case StreamOp::triad: return launch_op<StreamOp::triad>(sh, a, b, c, n, s, checksum, st);
  }
  return cudaErrorInvalidValue;
}

int stream_blocks_per_sm(StreamOp op, int threads, int unroll) {
  switch (op) {
    case StreamOp::read: return occupancy<StreamOp::read>(threads, unroll);
    case StreamOp::write: return occupancy<StreamOp::write>(threads, unroll);
    case StreamOp::copy: return occupancy<StreamOp::copy>(threads, unroll);
    case StreamOp::triad: return occupancy<StreamOp::triad>(threads, unroll);
  }
  return 1;
}

}  // namespace gpuaudit::kernels
