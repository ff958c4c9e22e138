// Problem sizes from what the device has free, so the same run fits a full H200 and a 1g MIG
// slice without running out of memory. Pure functions of (mode, free memory, L2), unit-tested.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpuaudit {

inline constexpr std::uint64_t kMiB = 1ull << 20;
inline constexpr std::uint64_t kGiB = 1ull << 30;

struct StreamSizing {
  std::uint64_t array_bytes = 0;  // each array; 0: too little memory to measure
  bool below_8x_l2 = false;       // could not reach 8x L2 (the figure may include cache hits)
};

// One size for every hbm/* benchmark (sized for triad's three arrays, so read/write/copy/triad
// move arrays of the same size): 2 GiB (quick) or 4 GiB (full) per array, at least 8x L2, at most
// 70% of free memory across the three, a multiple of 1 MiB.
StreamSizing stream_sizing(const std::string& mode, std::uint64_t free_bytes, std::uint64_t l2_bytes);

// A working set well inside L2 (half of it: on parts with split L2 partitions, data from the far
// partition is duplicated, so a set near the full size would spill). A multiple of 64 KiB.
std::uint64_t l2_working_set_bytes(std::uint64_t l2_bytes);

struct GemmShape {
  int m = 0, n = 0, k = 0;
  double flops() const { return 2.0 * m * n * k; }
  bool operator==(const GemmShape&) const = default;
};

// Bytes a GEMM of this shape needs on the device: A (m x k), B (k x n), D (m x n).
std::uint64_t gemm_bytes(const GemmShape& s, int ab_bytes, int d_bytes);

// Shapes to search, in order (8192^3 first: the shape people compare with torch.matmul). Only
// shapes whose buffers fit in 60% of free memory; when none fits, 8192^3 halved until it does
// (down to 512^3; empty when even that does not fit).
std::vector<GemmShape> gemm_candidate_shapes(const std::string& mode, std::uint64_t free_bytes, int ab_bytes,
                                             int d_bytes);

// Host buffer for pcie/*: 256 MiB (quick) or 1 GiB (full), at most a quarter of free device memory.
std::uint64_t pcie_buffer_bytes(const std::string& mode, std::uint64_t free_bytes);

}  // namespace gpuaudit
