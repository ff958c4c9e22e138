#include "score/nvlink_links.hpp"

#include <cmath>
#include <cstdlib>

namespace gpuaudit {

namespace {

double capability(const Baseline& b) { return std::atof(b.compute_capability.c_str()); }

}  // namespace

int nvlink_generation_of(const Baseline& b) {
  const double v = capability(b);
  if (v <= 0) return 0;
  if (v < 7) return 1;
  if (v < 8) return 2;
  if (v < 9) return 3;
  if (v < 10) return 4;
  return 5;
}

double nvlink_gbs_per_link(const Baseline& b) {
  const double v = capability(b);
  if (v >= 10) return 100.0;
  if (v >= 8.55 && v < 8.95) return 28.125;  // GA102: x4 links at half the width of GA100's
  if (v > 0 && v < 7) return 40.0;
  return 50.0;
}

int expected_nvlink_links(const Baseline& b) {
  if (auto it = b.extra.find("nvlink_links"); it != b.extra.end() && it->is_number_integer()) return it->get<int>();
  if (!b.nvlink_gbs || b.nvlink_gbs->value <= 0) return 0;
  return static_cast<int>(std::lround(b.nvlink_gbs->value / nvlink_gbs_per_link(b)));
}

}  // namespace gpuaudit
