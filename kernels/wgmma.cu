// tensor/mma_bf16 on Hopper (compute capability 9.0): warpgroup MMA, wgmma.mma_async, the
// instruction cuBLAS's own Hopper kernels use. Built only for sm_90a (cmake/Device.cmake): no other
// target has wgmma, and an sm_90a cubin runs only on CC 9.0, where the host chooses this kernel.
//
// One warpgroup (128 threads) per block runs `iters` rounds of kWgmmaPerRound
// wgmma.m64n256k16.f32.bf16.bf16 on one 64 x 256 FP32 accumulator (128 registers per thread), A
// (64 x 16) and B (256 x 16) read from shared memory through matrix descriptors (no swizzle,
// K-major core matrices of 8 rows x 16 bytes: 128 bytes to the next core matrix along K, 256 along
// M/N: measure/wgmma_layout.hpp, checked against CuTe's canonical layout by tests/oracle). No
// global memory traffic in the loop: the figure is the tensor pipe's rate.
//
// Operands: A(m, k) = rnd::dyadic(seed, k), B(n, k) = rnd::dyadic(seed, 16 + k), the same for
// every row, so every accumulator must end at iters * kWgmmaPerRound * sum_k A(k) B(k)
// (measure/wgmma_reference.hpp): exact in FP32, and wrong if a K-slice is read from the wrong
// place, an instruction is dropped or the tensor pipe miscomputes.
#include "measure/random_bits.hpp"
#include "measure/wgmma_layout.hpp"
#include "kernels/arch_features.cuh"
#include "kernels/wgmma.cuh"

#include <cuda_bf16.h>

namespace gpuaudit::kernels {

namespace {

constexpr int kTileA = 64 * 16, kTileB = 256 * 16;  // bf16 elements

#if GA_HAS_WGMMA  // the host pass and other targets never use these
using wgmma_layout::core_offset;

__device__ __forceinline__ std::uint64_t matrix_descriptor(const void* smem) {
  return wgmma_layout::matrix_descriptor(static_cast<std::uint32_t>(__cvta_generic_to_shared(smem)));
}
#endif

__global__ void __launch_bounds__(kWgmmaThreads) wgmma_kernel(int iters, std::uint64_t seed, float* out) {
  __shared__ __align__(128) unsigned char smem[(kTileA + kTileB) * 2];
#if GA_HAS_WGMMA
  unsigned char* a_tile = smem;
  unsigned char* b_tile = smem + kTileA * 2;
  for (int e = threadIdx.x; e < kTileA + kTileB; e += blockDim.x) {
    const bool is_a = e < kTileA;
    const int idx = is_a ? e : e - kTileA, row = idx / 16, k = idx % 16;
    const float v = rnd::dyadic(seed, is_a ? k : 16 + k);
    *reinterpret_cast<__nv_bfloat16*>((is_a ? a_tile : b_tile) + core_offset(row, k)) = __float2bfloat16_rn(v);
  }
  // Generic-proxy stores must be visible to the async proxy wgmma reads shared memory through.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  const std::uint64_t desc_a = matrix_descriptor(a_tile), desc_b = matrix_descriptor(b_tile);

  float d[kWgmmaAccumulators];
#pragma unroll
  for (int i = 0; i < kWgmmaAccumulators; ++i) d[i] = 0.0f;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int u = 0; u < kWgmmaPerRound; ++u) {
      asm volatile(
          "{\n"
          ".reg .pred p;\n"
          "setp.ne.b32 p, %130, 0;\n"
          "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 "
          "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
          "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
          "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "
          "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 0;\n"
          "}\n"
          : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
            "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
            "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
            "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
            "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
            "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
            "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
            "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
            "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
            "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
            "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
            "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]),
            "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]),
            "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]),
            "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]),
            "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
          : "l"(desc_a), "l"(desc_b), "r"(1));
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    // One group in flight while the next is issued (same accumulator, same shape: the PTX ISA
    // orders them without a fence).
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  float* mine = out + (static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x) * kWgmmaAccumulators;
#pragma unroll
  for (int i = 0; i < kWgmmaAccumulators; ++i) mine[i] = d[i];
#else
  (void)iters;
  (void)seed;
  (void)out;
  (void)smem;
  GA_UNAVAILABLE_ON_THIS_ARCH();
#endif
}

}  // namespace

cudaError_t launch_wgmma_bf16(int blocks, int iters, std::uint64_t seed, float* out, cudaStream_t s) {
  wgmma_kernel<<<blocks, kWgmmaThreads, 0, s>>>(iters, seed, out);
  return cudaGetLastError();
}

int wgmma_blocks_per_sm() {
  int n = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, wgmma_kernel, kWgmmaThreads, 0) != cudaSuccess) n = 1;
  return n > 0 ? n : 1;
}

}  // namespace gpuaudit::kernels
