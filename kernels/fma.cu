#include "measure/random_bits.hpp"
#include "kernels/fma.cuh"
#include "kernels/ptx.cuh"

namespace gpuaudit::kernels {

namespace {

template <typename T>
struct Chain;

template <>
struct Chain<float> {
  static __device__ float init(std::uint64_t seed, std::uint64_t i) { return rnd::unit_float(seed, i); }
  static __device__ float a(std::uint64_t seed, std::uint64_t t) { return 1.0f - 0x1p-12f * rnd::unit_float(seed + 1, t); }
  static __device__ float b(std::uint64_t seed, std::uint64_t t) { return 0x1p-12f * rnd::unit_float(seed + 2, t); }
  static __device__ float step(float x, float a, float b) { return fmaf(x, a, b); }
};

template <>
struct Chain<double> {
  static __device__ double init(std::uint64_t seed, std::uint64_t i) { return rnd::unit_float(seed, i); }
  static __device__ double a(std::uint64_t seed, std::uint64_t t) {
    return 1.0 - 0x1p-12 * static_cast<double>(rnd::unit_float(seed + 1, t));
  }
  static __device__ double b(std::uint64_t seed, std::uint64_t t) {
    return 0x1p-12 * static_cast<double>(rnd::unit_float(seed + 2, t));
  }
  static __device__ double step(double x, double a, double b) { return fma(x, a, b); }
};

template <>
struct Chain<std::uint32_t> {
  static __device__ std::uint32_t init(std::uint64_t seed, std::uint64_t i) { return rnd::word(seed, i); }
  static __device__ std::uint32_t a(std::uint64_t seed, std::uint64_t t) { return rnd::word(seed + 1, t) | 1u; }
  static __device__ std::uint32_t b(std::uint64_t seed, std::uint64_t t) { return rnd::word(seed + 2, t); }
  static __device__ std::uint32_t step(std::uint32_t x, std::uint32_t a, std::uint32_t b) { return x * a + b; }
};

template <typename T>
__global__ void fma_kernel(int iters, std::uint64_t seed, T* out) {
  const std::uint64_t t = global_thread();
  T x[kFmaChains];
#pragma unroll
  for (int c = 0; c < kFmaChains; ++c) x[c] = Chain<T>::init(seed, t * kFmaChains + c);
  const T a = Chain<T>::a(seed, t), b = Chain<T>::b(seed, t);
  for (int it = 0; it < iters; it += kFmaUnroll) {
#pragma unroll
    for (int u = 0; u < kFmaUnroll; ++u) {
#pragma unroll
      for (int c = 0; c < kFmaChains; ++c) x[c] = Chain<T>::step(x[c], a, b);
    }
  }
#pragma unroll
  for (int c = 0; c < kFmaChains; ++c) out[t * kFmaChains + c] = x[c];
}

template <typename T>
int blocks_per_sm(int threads) {
  int n = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, fma_kernel<T>, threads, 0) != cudaSuccess) n = 1;
  return n > 0 ? n : 1;
}

}  // namespace

cudaError_t launch_fma(FmaType type, int blocks, int threads, int iters, std::uint64_t seed, void* out,
                       cudaStream_t s) {
  iters = (iters + kFmaUnroll - 1) / kFmaUnroll * kFmaUnroll;
  switch (type) {
    case FmaType::fp32: fma_kernel<float><<<blocks, threads, 0, s>>>(iters, seed, static_cast<float*>(out)); break;
    case FmaType::fp64: fma_kernel<double><<<blocks, threads, 0, s>>>(iters, seed, static_cast<double*>(out)); break;
    case FmaType::int32:
      fma_kernel<std::uint32_t><<<blocks, threads, 0, s>>>(iters, seed, static_cast<std::uint32_t*>(out));
      break;
  }
  return cudaGetLastError();
}

int fma_blocks_per_sm(FmaType type, int threads) {
  switch (type) {
    case FmaType::fp32: return blocks_per_sm<float>(threads);
    case FmaType::fp64: return blocks_per_sm<double>(threads);
    case FmaType::int32: return blocks_per_sm<std::uint32_t>(threads);
  }
  return 1;
}

}  // namespace gpuaudit::kernels
