// Where kernels/wgmma.cu puts its operand tiles in shared memory and the matrix descriptor that
// tells wgmma.mma_async where they are: host and device share these, so the placement and the
// descriptor bits are checked on the host against NVIDIA's own (CuTe's canonical GMMA layouts and
// make_gmma_desc, tests/oracle/wgmma_layout_oracle_test.cpp) without a Hopper card.
//
// Tiles are K-major with 16 bf16 columns (one k16 slice), in core matrices of 8 rows x 16 bytes,
// no swizzle ("interleave"): the next core matrix along K is kLeadingBytes on, along M/N
// kStrideBytes on (PTX ISA, "Matrix Descriptor Format" and "Shared Memory Matrix Layout" of
// wgmma; CuTe's canonical K-major INTERLEAVE layout ((8,m),(8,2)):((8,SBO),(1,LBO)) in elements).
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define GA_WGMMA_HD __host__ __device__ __forceinline__ constexpr
#else
#define GA_WGMMA_HD constexpr
#endif

namespace gpuaudit::wgmma_layout {

inline constexpr std::uint32_t kLeadingBytes = 128, kStrideBytes = 256;  // along K, along M/N

// Byte offset of bf16 element (row, k), k < 16, of a tile.
GA_WGMMA_HD int core_offset(int row, int k) {
  return ((row / 8) * 2 + k / 8) * 128 + (row % 8) * 16 + (k % 8) * 2;
}

// The 64-bit matrix descriptor of a tile at shared-memory address `smem_address`: start address
// bits 0-13, leading byte offset 16-29, stride byte offset 32-45 (each in 16-byte units), base
// offset 49-51 = 0, layout type 62-63 = 0 (no swizzle).
GA_WGMMA_HD std::uint64_t matrix_descriptor(std::uint32_t smem_address) {
  std::uint64_t d = 0;
  d |= static_cast<std::uint64_t>((smem_address & 0x3ffff) >> 4);
  d |= static_cast<std::uint64_t>(kLeadingBytes >> 4) << 16;
  d |= static_cast<std::uint64_t>(kStrideBytes >> 4) << 32;
  return d;
}

}  // namespace gpuaudit::wgmma_layout
