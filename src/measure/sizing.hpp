// Problem sizes from what the device has free, so the same run fits a full H200 and a 1g MIG
// slice without running out of memory. Pure functions of (mode, free memory, L2), unit-tested.
#pragma once

#include <cstddef>
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

// Parts whose L2 is two partitions, each near half of the SMs: A100 (CC 8.0), H100/H200 (9.0),
// B200/B300 (10.x, one L2 per die). An SM reading a line homed in the far partition keeps a copy
// in its near one, so when every SM reads the whole working set each partition ends up holding
// all of it: the set that still hits is one partition's size (L2/2), and at L2/2 the hash spread
// across slices and the set-associativity already evict lines, so a "L2" figure would be partly
// HBM bandwidth (the issue-16 review of the H200's 60 MB L2). Consumer and older parts (8.6, 8.9,
// 12.x, 7.x) have one L2.
bool l2_is_split(int cc_major, int cc_minor);

// The l2/read working set, a multiple of 64 KiB (at least 64 KiB):
//   split L2: a quarter of the L2 (half of one partition), so the whole set fits in the near
//             partition of every SM with half of it to spare for the far-partition copies' hash
//             imbalance and the other traffic (checksums, instruction fetch) sharing it;
//   one L2:   half of it (the same headroom against set conflicts).
std::uint64_t l2_working_set_bytes(std::uint64_t l2_bytes, bool split_l2);

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

// Which searched shape to time: the fastest by the search's single-launch (burst) rate, except that
// the earliest candidate within kGemmShapeTie of it wins (8192^3 comes first: the shape published
// figures and torch.matmul comparisons use). A single launch runs at boost clock, where shapes a few
// percent apart are a tie (the first real H200 runs: 852/849/860 and 837/835/822 TFLOP/s for the
// three quick shapes); a near-tie is no reason to leave the comparable shape. Returns an index into
// `shapes`; 0 when every rate is 0.
inline constexpr double kGemmShapeTie = 0.03;
std::size_t pick_gemm_shape(const std::vector<GemmShape>& shapes, const std::vector<double>& burst_tflops);

// sm/census blocks: kCensusWaves times as many as the device holds at once (sm_count x blocks
// resident per SM), at least 2048. With more blocks than fit, the block scheduler cannot leave an
// SM idle while blocks wait, so every SM that can run work must take some; a single wave would
// rely on the scheduler spreading it (it may pack blocks onto fewer SMs, e.g. by GPC or cluster).
inline constexpr int kCensusWaves = 4;
int census_blocks(int sm_count, int blocks_per_sm);

// Host buffer for pcie/*: 256 MiB (quick) or 1 GiB (full), at most a quarter of free device memory.
std::uint64_t pcie_buffer_bytes(const std::string& mode, std::uint64_t free_bytes);

}  // namespace gpuaudit
