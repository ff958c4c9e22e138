#include "kernels/l2.cuh"
#include "kernels/ptx.cuh"

namespace gpuaudit::kernels {

namespace {

__global__ void l2_read_kernel(const uint4* __restrict__ data, std::uint64_t n, int passes, unsigned* checksum) {
  const std::uint64_t stride = grid_threads();
  unsigned acc = 0;
  for (int p = 0; p < passes; ++p) {
    std::uint64_t i = global_thread();
    // Four independent loads in flight per thread.
    for (; i + 3 * stride < n; i += 4 * stride) {
      const uint4 v0 = load_l2_only(data + i), v1 = load_l2_only(data + i + stride);
      const uint4 v2 = load_l2_only(data + i + 2 * stride), v3 = load_l2_only(data + i + 3 * stride);
      acc += (v0.x + v0.y + v0.z + v0.w) + (v1.x + v1.y + v1.z + v1.w) + (v2.x + v2.y + v2.z + v2.w) +
             (v3.x + v3.y + v3.z + v3.w);
    }
    for (; i < n; i += stride) {
      const uint4 v = load_l2_only(data + i);
      acc += v.x + v.y + v.z + v.w;
    }
  }
  acc = warp_sum(acc);
  if ((threadIdx.x & 31) == 0) atomicAdd(checksum, acc);
}

}  // namespace

cudaError_t launch_l2_read(const uint4* data, std::uint64_t n_vec, int passes, int blocks, int threads,
                           unsigned* checksum, cudaStream_t s) {
  l2_read_kernel<<<blocks, threads, 0, s>>>(data, n_vec, passes, checksum);
  return cudaGetLastError();
}

int l2_read_blocks_per_sm(int threads) {
  int n = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, l2_read_kernel, threads, 0) != cudaSuccess) n = 1;
  return n > 0 ? n : 1;
}

}  // namespace gpuaudit::kernels
