// What the collective benchmarks sweep: message sizes, GPU counts, and how often to repeat.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpuaudit::multigpu {

inline constexpr std::size_t kMinMessageBytes = 8;
inline constexpr std::size_t kMaxMessageBytes = std::size_t{1} << 30;  // 1 GiB, nccl-tests' usual top

struct SweepPlan {
  std::size_t min_bytes = kMinMessageBytes;
  std::size_t max_bytes = kMaxMessageBytes;
  std::size_t factor = 2;  // x2 steps for --full; --quick uses x4 (half the points, same range)
};

// The plan for a mode ("quick" | "full"), capped at `memory_cap_bytes` (0 = no cap).
SweepPlan sweep_plan(bool full, std::size_t memory_cap_bytes);

// min, min*f, min*f^2, ... <= max. The top of the range is always included when the grid misses
// it, because the peak bandwidth usually sits at the largest message.
std::vector<std::size_t> message_sizes(const SweepPlan& plan);

// The largest message whose buffers fit: each rank holds at most 2*S (send + receive of an
// out-of-place all-reduce or all-to-all). We use at most `fraction` of the smallest free memory,
// after leaving `reserve_bytes` for NCCL's own buffers and the CUDA context; the result is a power
// of two so sizes stay on the grid. 0 when nothing fits.
std::size_t memory_cap_bytes(std::uint64_t smallest_free_bytes, double fraction = 0.4,
                             std::uint64_t reserve_bytes = std::uint64_t{1} << 30);

// GPU counts to measure for `total` GPUs: 1, 2, 4, 8 ... <= total, and total itself.
std::vector<int> gpu_counts(int total);

// Operations per timed sample, so one sample lasts about `target_s` given one operation took
// `one_op_s` (from a warm-up); clamped to [min_iters, max_iters].
int iterations_for(double one_op_s, double target_s, int min_iters = 1, int max_iters = 1000);

}  // namespace gpuaudit::multigpu
