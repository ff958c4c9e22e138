// The host reference for the mma.sync benchmark's check (mma_reference.hpp): fragment maps and the
// expected accumulator values.
#include "measure/mma_reference.hpp"
#include "measure/random_bits.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <utility>

using namespace gpuaudit;

namespace {
template <typename Fn>
std::set<std::pair<int, int>> cover(int regs, Fn position) {
  std::set<std::pair<int, int>> seen;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < regs; ++i) {
      const RowCol p = position(lane, i);
      seen.insert({p.row, p.col});
    }
  return seen;
}
}  // namespace

TEST(MmaReference, FragmentsCoverEachMatrixExactlyOnce) {
  for (MmaShape s : {MmaShape::m16n8k16, MmaShape::m16n8k8}) {
    const MmaGeometry g = mma_geometry(s);
    const auto a = cover(g.a_regs, [s](int l, int i) { return mma_a_position(s, l, i); });
    const auto b = cover(g.b_regs, [s](int l, int i) { return mma_b_position(s, l, i); });
    const auto c = cover(4, [](int l, int i) { return mma_c_position(l, i); });
    EXPECT_EQ(a.size(), static_cast<size_t>(g.m * g.k));
    EXPECT_EQ(b.size(), static_cast<size_t>(g.k * g.n));
    EXPECT_EQ(c.size(), static_cast<size_t>(g.m * g.n));
    for (auto [r, col] : a) EXPECT_TRUE(r < g.m && col < g.k);
    for (auto [r, col] : b) EXPECT_TRUE(r < g.k && col < g.n);
  }
}

TEST(MmaReference, Lane0HoldsTheDocumentedCorners) {
  // PTX ISA m16n8k16: a0 = A[0][0], a2 = A[8][0], a4 = A[0][8]; b2 = B[8][0]; c2 = C[8][0].
  EXPECT_EQ(mma_a_position(MmaShape::m16n8k16, 0, 2).row, 8);
  EXPECT_EQ(mma_a_position(MmaShape::m16n8k16, 0, 4).col, 8);
  EXPECT_EQ(mma_b_position(MmaShape::m16n8k16, 0, 2).row, 8);
  EXPECT_EQ(mma_c_position(0, 2).row, 8);
  EXPECT_EQ(mma_a_position(MmaShape::m16n8k16, 5, 1).col, 3);  // lane 5: group 1, thread 1 -> col 2+1
  EXPECT_EQ(mma_a_position(MmaShape::m16n8k16, 5, 1).row, 1);
}

TEST(MmaReference, ExpectedIsChainsTimesItersTimesProductPlusOffsets) {
  const auto one = mma_expected(MmaShape::m16n8k16, 5, 3, 1, 1);
  const auto many = mma_expected(MmaShape::m16n8k16, 5, 3, 10, 4);
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_DOUBLE_EQ(many[i], 40 * one[i] + 6);
    EXPECT_DOUBLE_EQ(std::fmod(one[i] * 4, 1.0), 0.0);  // on the 1/4 grid, so exact in FP32
    EXPECT_LE(std::fabs(one[i]), 16.0);
  }
}

TEST(MmaReference, Lane0Row0Col0IsTheDotProductOfItsOperands) {
  // Element (0,0) of m16n8k8: A row 0 lives in lanes 0..3 (cols 2t, 2t+1), B col 0 in lanes 0..3.
  const std::uint64_t seed = 11, warp = 2;
  double dot = 0;
  for (int lane = 0; lane < 4; ++lane)
    for (int i = 0; i < 2; ++i)
      dot += rnd::dyadic(seed, (warp * 32 + static_cast<std::uint64_t>(lane)) * 16 + static_cast<std::uint64_t>(i)) *
             rnd::dyadic(seed, (warp * 32 + static_cast<std::uint64_t>(lane)) * 16 + 4 + static_cast<std::uint64_t>(i));
  EXPECT_DOUBLE_EQ(mma_expected(MmaShape::m16n8k8, seed, warp, 1, 1)[0], dot);
}
