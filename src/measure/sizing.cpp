#include "measure/sizing.hpp"

#include <algorithm>

namespace gpuaudit {

StreamSizing stream_sizing(const std::string& mode, std::uint64_t free_bytes, std::uint64_t l2_bytes) {
  const std::uint64_t target = mode == "full" ? 4 * kGiB : 2 * kGiB;
  const std::uint64_t floor = 8 * l2_bytes;
  const std::uint64_t cap = static_cast<std::uint64_t>(static_cast<double>(free_bytes) * 0.7 / 3.0);
  std::uint64_t bytes = std::min(std::max(target, floor), cap);
  bytes -= bytes % kMiB;
  StreamSizing s;
  if (bytes < 16 * kMiB) return s;
  s.array_bytes = bytes;
  s.below_8x_l2 = bytes < floor;
  return s;
}

bool l2_is_split(int cc_major, int cc_minor) {
  return (cc_major == 8 && cc_minor == 0) || cc_major == 9 || cc_major == 10;
}

std::uint64_t l2_working_set_bytes(std::uint64_t l2_bytes, bool split_l2) {
  const std::uint64_t part = split_l2 ? l2_bytes / 4 : l2_bytes / 2;
  const std::uint64_t rounded = part - part % (64 * 1024);
  return std::max<std::uint64_t>(rounded, 64 * 1024);
}

int census_blocks(int sm_count, int blocks_per_sm) {
  const long long resident = static_cast<long long>(std::max(sm_count, 1)) * std::max(blocks_per_sm, 1);
  return static_cast<int>(std::clamp(resident * kCensusWaves, 2048ll, 1ll << 24));
}

std::uint64_t gemm_bytes(const GemmShape& s, int ab_bytes, int d_bytes) {
  const auto m = static_cast<std::uint64_t>(s.m), n = static_cast<std::uint64_t>(s.n),
             k = static_cast<std::uint64_t>(s.k);
  return (m * k + k * n) * static_cast<std::uint64_t>(ab_bytes) + m * n * static_cast<std::uint64_t>(d_bytes);
}

std::size_t pick_gemm_shape(const std::vector<GemmShape>& shapes, const std::vector<double>& burst_tflops) {
  const std::size_t n = std::min(shapes.size(), burst_tflops.size());
  double best = 0;
  for (std::size_t i = 0; i < n; ++i) best = std::max(best, burst_tflops[i]);
  for (std::size_t i = 0; i < n; ++i)
    if (best > 0 && burst_tflops[i] >= best * (1.0 - kGemmShapeTie)) return i;
  return 0;
}

std::vector<GemmShape> gemm_candidate_shapes(const std::string& mode, std::uint64_t free_bytes, int ab_bytes,
                                             int d_bytes) {
  // 8192^3 first (torch.matmul's usual comparison point), then shapes that often run a little
  // faster on large parts (wide N, moderate K: fewer waves left partly empty).
  std::vector<GemmShape> candidates = {{8192, 8192, 8192}, {16384, 8192, 8192}, {6144, 16384, 4096}};
  if (mode == "full") {
    const std::vector<GemmShape> more = {{4096, 4096, 4096},    {12288, 12288, 8192}, {16384, 16384, 8192},
                                         {8192, 8192, 16384},   {10240, 10240, 10240}, {6144, 17920, 2816},
                                         {16384, 16384, 16384}, {4096, 16384, 8192}};
    candidates.insert(candidates.end(), more.begin(), more.end());
  }
  const auto budget = static_cast<std::uint64_t>(static_cast<double>(free_bytes) * 0.6);
  std::vector<GemmShape> out;
  for (const auto& s : candidates)
    if (gemm_bytes(s, ab_bytes, d_bytes) <= budget) out.push_back(s);
  if (out.empty()) {
    for (int d = 4096; d >= 512; d /= 2) {
      const GemmShape s{d, d, d};
      if (gemm_bytes(s, ab_bytes, d_bytes) <= budget) {
        out.push_back(s);
        break;
      }
    }
  }
  return out;
}

std::uint64_t pcie_buffer_bytes(const std::string& mode, std::uint64_t free_bytes) {
  const std::uint64_t target = mode == "full" ? kGiB : 256 * kMiB;
  std::uint64_t bytes = std::min(target, free_bytes / 4);
  bytes -= bytes % kMiB;
  return bytes;
}

}  // namespace gpuaudit
