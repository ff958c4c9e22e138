#include "cuda/cuda_raii.hpp"
#include "kernels/nccl_pattern.cuh"

#include <cuda_bf16.h>

namespace gpuaudit::multigpu {

namespace {

__device__ inline void store(float* p, float v) { *p = v; }
__device__ inline void store(__nv_bfloat16* p, float v) { *p = __float2bfloat16(v); }
__device__ inline float load(const float* p) { return *p; }
__device__ inline float load(const __nv_bfloat16* p) { return __bfloat162float(*p); }

template <typename T>
__global__ void fill_kernel(T* buf, std::size_t n, Pattern p, std::uint64_t first, std::uint64_t rank) {
  for (std::size_t j = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; j < n;
       j += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    store(buf + j, p.value(first + j, rank));
}

__device__ inline float expected_at(Layout layout, const Pattern& p, std::uint64_t j, std::uint64_t count,
                                    std::uint64_t rank) {
  switch (layout) {
    case Layout::allreduce: return expected_allreduce(p, j);
    case Layout::allgather: return expected_allgather(p, j, count);
    case Layout::reducescatter: return expected_reducescatter(p, j, count, rank);
    case Layout::alltoall: return expected_alltoall(p, j, count, rank);
    case Layout::copy: return p.value(j, rank);
  }
  return 0.0f;
}

template <typename T>
__global__ void check_kernel(const T* buf, std::size_t n, Layout layout, Pattern p, std::uint64_t count,
                             std::uint64_t rank, unsigned long long* wrong) {
  unsigned long long mine = 0;
  for (std::size_t j = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; j < n;
       j += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    if (load(buf + j) != expected_at(layout, p, j, count, rank)) ++mine;  // exact: see pattern.hpp
  if (mine) atomicAdd(wrong, mine);
}

unsigned grid_for(std::size_t n) {
  const std::size_t blocks = (n + 255) / 256;
  return static_cast<unsigned>(blocks < 4096 ? (blocks ? blocks : 1) : 4096);
}

}  // namespace

void fill_pattern(void* buf, std::size_t elements, DType t, const Pattern& p, std::uint64_t first_index,
                  std::uint64_t rank, cudaStream_t s) {
  if (elements == 0) return;
  if (t == DType::f32)
    fill_kernel<<<grid_for(elements), 256, 0, s>>>(static_cast<float*>(buf), elements, p, first_index, rank);
  else
    fill_kernel<<<grid_for(elements), 256, 0, s>>>(static_cast<__nv_bfloat16*>(buf), elements, p, first_index, rank);
  GA_CUDA(cudaGetLastError());
}

std::size_t count_wrong(const void* buf, std::size_t elements, DType t, Layout layout, const Pattern& p,
                        std::uint64_t count, std::uint64_t rank, cudaStream_t s) {
  if (elements == 0) return 0;
  unsigned long long* d_wrong = nullptr;
  GA_CUDA(cudaMalloc(&d_wrong, sizeof *d_wrong));
  unsigned long long h_wrong = 0;
  try {
    GA_CUDA(cudaMemsetAsync(d_wrong, 0, sizeof *d_wrong, s));
    if (t == DType::f32)
      check_kernel<<<grid_for(elements), 256, 0, s>>>(static_cast<const float*>(buf), elements, layout, p, count,
                                                      rank, d_wrong);
    else
      check_kernel<<<grid_for(elements), 256, 0, s>>>(static_cast<const __nv_bfloat16*>(buf), elements, layout, p,
                                                      count, rank, d_wrong);
    GA_CUDA(cudaGetLastError());
    GA_CUDA(cudaMemcpyAsync(&h_wrong, d_wrong, sizeof h_wrong, cudaMemcpyDeviceToHost, s));
    GA_CUDA(cudaStreamSynchronize(s));
  } catch (...) {
    (void)cudaFree(d_wrong);
    throw;
  }
  GA_CUDA(cudaFree(d_wrong));
  return static_cast<std::size_t>(h_wrong);
}

}  // namespace gpuaudit::multigpu
