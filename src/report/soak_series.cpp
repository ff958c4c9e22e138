#include "report/soak_series.hpp"

#include <algorithm>

namespace gpuaudit {

const std::vector<SoakMetric>& soak_metrics() {
  static const std::vector<SoakMetric> m{
      {"GEMM throughput", "TFLOP/s", &SoakPoint::gemm_tflops},
      {"Memory bandwidth", "GB/s", &SoakPoint::hbm_gbs},
      {"SM clock", "MHz", &SoakPoint::sm_clock_mhz},
      {"Power", "W", &SoakPoint::power_w},
      {"Temperature", "\xC2\xB0" "C", &SoakPoint::temperature_c},
  };
  return m;
}

std::optional<SoakRecord> read_soak(const ResultDocument& doc) {
  if (!doc.extra.is_object()) return std::nullopt;
  const auto it = doc.extra.find("soak");
  if (it == doc.extra.end() || !it->is_object()) return std::nullopt;
  SoakRecord rec;
  try {
    rec = it->get<SoakRecord>();
  } catch (const json::exception&) {
    return std::nullopt;  // written by another version, or damaged: no timeline rather than no report
  }
  bool any = false;
  for (auto& g : rec.gpus) {
    std::stable_sort(g.points.begin(), g.points.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
    any |= !g.points.empty();
  }
  if (!any) return std::nullopt;
  return rec;
}

}  // namespace gpuaudit
