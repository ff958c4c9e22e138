// measure/mma_reference (the fragment map of kernels/mma.cu and its host reference) against
// NVIDIA's own thread -> element maps: CuTe's MMA_Traits ALayout/BLayout/CLayout for mma.sync
// m16n8k16 (SM80_16x8x16_*_TN) and m16n8k8 (SM75/SM80_16x8x8_*_TN), from the nvidia-cutlass wheel
// (scripts/build/setup.sh --test). CuTe's layouts map (lane, value) to a column-major index of the
// M x K (A), N x K (B) and M x N (C) tile; value v is the v-th 16-bit element of the lane's
// fragment registers, low half first, as kernels/mma.cu packs them.
#include "measure/mma_reference.hpp"
#include "measure/random_bits.hpp"

#include <cute/atom/mma_traits_sm75.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <gtest/gtest.h>

#include <vector>

namespace {

using gpuaudit::MmaShape;
using gpuaudit::RowCol;

// (row, col) of CuTe's column-major index in a tile with `rows` rows.
RowCol at(int index, int rows) { return {index % rows, index / rows}; }

template <typename Traits>
void expect_fragment_map(MmaShape shape, const char* atom) {
  const gpuaudit::MmaGeometry g = gpuaudit::mma_geometry(shape);
  ASSERT_EQ(int(cute::size<0>(typename Traits::Shape_MNK{})), g.m) << atom;
  ASSERT_EQ(int(cute::size<1>(typename Traits::Shape_MNK{})), g.n) << atom;
  ASSERT_EQ(int(cute::size<2>(typename Traits::Shape_MNK{})), g.k) << atom;
  ASSERT_EQ(int(cute::size<1>(typename Traits::ALayout{})), g.a_regs) << atom;
  ASSERT_EQ(int(cute::size<1>(typename Traits::BLayout{})), g.b_regs) << atom;
  const typename Traits::ALayout a{};
  const typename Traits::BLayout b{};
  const typename Traits::CLayout c{};
  for (int lane = 0; lane < 32; ++lane) {
    for (int v = 0; v < g.a_regs; ++v) {
      const RowCol want = at(int(a(lane, v)), g.m), got = gpuaudit::mma_a_position(shape, lane, v);
      EXPECT_TRUE(got.row == want.row && got.col == want.col)
          << atom << " A lane " << lane << " element " << v << ": project (" << got.row << "," << got.col
          << "), CuTe (" << want.row << "," << want.col << ")";
    }
    for (int v = 0; v < g.b_regs; ++v) {
      const RowCol nk = at(int(b(lane, v)), g.n), got = gpuaudit::mma_b_position(shape, lane, v);
      EXPECT_TRUE(got.row == nk.col && got.col == nk.row)  // the project's B is k x n
          << atom << " B lane " << lane << " element " << v << ": project (k " << got.row << ", n " << got.col
          << "), CuTe (k " << nk.col << ", n " << nk.row << ")";
    }
    for (int v = 0; v < 4; ++v) {
      const RowCol want = at(int(c(lane, v)), g.m), got = gpuaudit::mma_c_position(lane, v);
      EXPECT_TRUE(got.row == want.row && got.col == want.col)
          << atom << " C lane " << lane << " accumulator " << v << ": project (" << got.row << "," << got.col
          << "), CuTe (" << want.row << "," << want.col << ")";
    }
  }
}

// What a warp must store, computed from CuTe's maps alone, against mma_expected.
template <typename Traits>
void expect_reference(MmaShape shape, const char* atom) {
  const gpuaudit::MmaGeometry g = gpuaudit::mma_geometry(shape);
  const typename Traits::ALayout a{};
  const typename Traits::BLayout b{};
  const typename Traits::CLayout c{};
  const std::uint64_t seed = 17;
  const int iters = 100, chains = 8;
  for (std::uint64_t warp : {0ull, 7ull}) {
    std::vector<double> am(static_cast<std::size_t>(g.m * g.k)), bm(static_cast<std::size_t>(g.n * g.k));
    for (int lane = 0; lane < 32; ++lane) {
      const std::uint64_t base = (warp * 32 + static_cast<std::uint64_t>(lane)) * 16;
      for (int v = 0; v < g.a_regs; ++v) am[std::size_t(a(lane, v))] = gpuaudit::rnd::dyadic(seed, base + std::uint64_t(v));
      for (int v = 0; v < g.b_regs; ++v)
        bm[std::size_t(b(lane, v))] = gpuaudit::rnd::dyadic(seed, base + std::uint64_t(g.a_regs + v));
    }
    const auto want = gpuaudit::mma_expected(shape, seed, warp, iters, chains);
    for (int lane = 0; lane < 32; ++lane)
      for (int v = 0; v < 4; ++v) {
        const RowCol mn = at(int(c(lane, v)), g.m);
        double dot = 0;
        for (int k = 0; k < g.k; ++k)
          dot += am[std::size_t(mn.row + g.m * k)] * bm[std::size_t(mn.col + g.n * k)];
        const double oracle = double(chains) * iters * dot + chains * (chains - 1) / 2.0;
        EXPECT_EQ(want[std::size_t(lane * 4 + v)], oracle) << atom << " warp " << warp << " lane " << lane << " accumulator " << v;
      }
  }
}

TEST(MmaReferenceOracle, M16n8k16FragmentsAreCuTesSm80Layouts) {
  expect_fragment_map<cute::MMA_Traits<cute::SM80_16x8x16_F32BF16BF16F32_TN>>(MmaShape::m16n8k16, "SM80_16x8x16_F32BF16BF16F32_TN");
  expect_fragment_map<cute::MMA_Traits<cute::SM80_16x8x16_F32F16F16F32_TN>>(MmaShape::m16n8k16, "SM80_16x8x16_F32F16F16F32_TN");
}

TEST(MmaReferenceOracle, M16n8k8FragmentsAreCuTesSm75Layouts) {
  expect_fragment_map<cute::MMA_Traits<cute::SM75_16x8x8_F32F16F16F32_TN>>(MmaShape::m16n8k8, "SM75_16x8x8_F32F16F16F32_TN");
  expect_fragment_map<cute::MMA_Traits<cute::SM80_16x8x8_F32F16F16F32_TN>>(MmaShape::m16n8k8, "SM80_16x8x8_F32F16F16F32_TN");
}

TEST(MmaReferenceOracle, ExpectedAccumulatorsFollowFromCuTesLayouts) {
  expect_reference<cute::MMA_Traits<cute::SM80_16x8x16_F32BF16BF16F32_TN>>(MmaShape::m16n8k16, "SM80_16x8x16");
  expect_reference<cute::MMA_Traits<cute::SM75_16x8x8_F32F16F16F32_TN>>(MmaShape::m16n8k8, "SM75_16x8x8");
}

}  // namespace
