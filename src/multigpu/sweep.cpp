#include "multigpu/sweep.hpp"

#include <algorithm>
#include <cmath>

namespace gpuaudit::multigpu {

SweepPlan sweep_plan(bool full, std::size_t memory_cap) {
  SweepPlan p;
  p.factor = full ? 2 : 4;
  if (memory_cap > 0) p.max_bytes = std::min(p.max_bytes, memory_cap);
  // --quick stops at 256 MiB: past that every fabric is on its plateau and the time goes up 4x.
  if (!full) p.max_bytes = std::min<std::size_t>(p.max_bytes, std::size_t{256} << 20);
  if (p.max_bytes < p.min_bytes) p.max_bytes = p.min_bytes;
  return p;
}

std::vector<std::size_t> message_sizes(const SweepPlan& plan) {
  std::vector<std::size_t> out;
  if (plan.min_bytes == 0 || plan.factor < 2 || plan.max_bytes < plan.min_bytes) return out;
  for (std::size_t s = plan.min_bytes; s <= plan.max_bytes; s *= plan.factor) {
    out.push_back(s);
    if (s > plan.max_bytes / plan.factor) break;  // the next step would overflow or pass max
  }
  if (out.back() != plan.max_bytes) out.push_back(plan.max_bytes);
  return out;
}

std::size_t memory_cap_bytes(std::uint64_t smallest_free, double fraction, std::uint64_t reserve) {
  if (smallest_free <= reserve || fraction <= 0) return 0;
  const double usable = static_cast<double>(smallest_free - reserve) * std::min(fraction, 1.0);
  const double per_buffer = usable / 2.0;
  if (per_buffer < static_cast<double>(kMinMessageBytes)) return 0;
  std::size_t p = kMinMessageBytes;
  while (static_cast<double>(p) * 2.0 <= per_buffer && p < kMaxMessageBytes) p *= 2;
  return p;
}

std::vector<int> gpu_counts(int total) {
  std::vector<int> out;
  for (int n = 1; n <= total; n *= 2) out.push_back(n);
  if (total > 0 && out.back() != total) out.push_back(total);
  return out;
}

int iterations_for(double one_op_s, double target_s, int min_iters, int max_iters) {
  if (!(one_op_s > 0) || !std::isfinite(one_op_s)) return max_iters;
  const double n = std::ceil(target_s / one_op_s);
  if (n <= min_iters) return min_iters;
  if (n >= max_iters) return max_iters;
  return static_cast<int>(n);
}

}  // namespace gpuaudit::multigpu
