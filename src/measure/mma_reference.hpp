// The host reference for kernels/mma.cu: which matrix element each lane's fragment register holds
// (PTX ISA, "Matrix Fragments for mma.m16n8k16" / "mma.m16n8k8", f16/bf16 operands, f32
// accumulators), and the accumulators a warp must end with.
//
// The kernel gives lane L of warp W the operand values rnd::dyadic(seed, (W*32 + L)*16 + e), e = 0..
// for its A elements then its B elements, starts chain c's accumulators at c, runs `iters` rounds
// of D_c = A*B + D_c on every chain and stores, per lane, the 4 accumulators summed over chains.
// So every output is chains*iters*(A*B)[row][col] + chains*(chains-1)/2.
#pragma once

#include <array>
#include <cstdint>

namespace gpuaudit {

enum class MmaShape { m16n8k16, m16n8k8 };

struct MmaGeometry {
  int m = 16, n = 8, k = 16;
  int a_regs = 8;  // f16 elements of A per lane
  int b_regs = 4;  // f16 elements of B per lane
};
MmaGeometry mma_geometry(MmaShape s);

struct RowCol {
  int row = 0, col = 0;
};
// Position of a lane's i-th A element in the m x k matrix, its i-th B element in the k x n matrix,
// and its i-th accumulator in the m x n result.
RowCol mma_a_position(MmaShape s, int lane, int i);
RowCol mma_b_position(MmaShape s, int lane, int i);
RowCol mma_c_position(int lane, int i);

// The 32 lanes x 4 accumulators warp `warp` must store.
std::array<double, 128> mma_expected(MmaShape s, std::uint64_t seed, std::uint64_t warp, int iters, int chains);

// Largest chains*iters for which every accumulator stays exact in FP32 (k <= 16 products of
// magnitude <= 1 on a 1/4 grid, plus the chain offsets).
inline constexpr long long kMmaExactChainIters = 1ll << 18;

}  // namespace gpuaudit
