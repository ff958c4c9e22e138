#include "measure/mma_reference.hpp"

#include "measure/random_bits.hpp"

#include <cstddef>
#include <vector>

namespace gpuaudit {

MmaGeometry mma_geometry(MmaShape s) {
  if (s == MmaShape::m16n8k8) return {16, 8, 8, 4, 2};
  return {16, 8, 16, 8, 4};
}

RowCol mma_a_position(MmaShape s, int lane, int i) {
  const int group = lane >> 2, tig = lane & 3;
  if (s == MmaShape::m16n8k8) return {group + 8 * (i / 2), tig * 2 + (i % 2)};
  return {group + 8 * ((i / 2) % 2), tig * 2 + (i % 2) + 8 * (i / 4)};
}

RowCol mma_b_position(MmaShape s, int lane, int i) {
  const int group = lane >> 2, tig = lane & 3;
  if (s == MmaShape::m16n8k8) return {tig * 2 + i, group};
  return {tig * 2 + (i % 2) + 8 * (i / 2), group};
}

RowCol mma_c_position(int lane, int i) {
  const int group = lane >> 2, tig = lane & 3;
  return {group + 8 * (i / 2), tig * 2 + (i % 2)};
}

std::array<double, 128> mma_expected(MmaShape s, std::uint64_t seed, std::uint64_t warp, int iters, int chains) {
  const MmaGeometry g = mma_geometry(s);
  std::vector<double> a(static_cast<std::size_t>(g.m * g.k)), b(static_cast<std::size_t>(g.k * g.n));
  for (int lane = 0; lane < 32; ++lane) {
    const std::uint64_t base = (warp * 32 + static_cast<std::uint64_t>(lane)) * 16;
    for (int i = 0; i < g.a_regs; ++i) {
      const RowCol p = mma_a_position(s, lane, i);
      a[static_cast<std::size_t>(p.row * g.k + p.col)] = rnd::dyadic(seed, base + static_cast<std::uint64_t>(i));
    }
    for (int i = 0; i < g.b_regs; ++i) {
      const RowCol p = mma_b_position(s, lane, i);
      b[static_cast<std::size_t>(p.row * g.n + p.col)] =
          rnd::dyadic(seed, base + static_cast<std::uint64_t>(g.a_regs + i));
    }
  }
  std::array<double, 128> out{};
  const double offset = chains * (chains - 1) / 2.0;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 4; ++i) {
      const RowCol p = mma_c_position(lane, i);
      double dot = 0;
      for (int kk = 0; kk < g.k; ++kk)
        dot += a[static_cast<std::size_t>(p.row * g.k + kk)] * b[static_cast<std::size_t>(kk * g.n + p.col)];
      out[static_cast<std::size_t>(lane * 4 + i)] = static_cast<double>(chains) * iters * dot + offset;
    }
  return out;
}

}  // namespace gpuaudit
