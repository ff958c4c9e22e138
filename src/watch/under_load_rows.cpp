#include "watch/under_load_rows.hpp"

#include "import/import.hpp"

namespace gpuaudit {

using imports::SourceRef;
using imports::TimelineSample;

std::vector<BenchmarkResult> under_load_rows(const WatchRecord& r) {
  std::vector<BenchmarkResult> rows;
  for (const auto& g : r.gpus) {
    if (g.points.empty()) continue;
    std::vector<TimelineSample> samples;
    samples.reserve(g.points.size());
    for (const auto& p : g.points) {
      TimelineSample s;
      s.t_s = p.t_s;
      s.sm_clock_mhz = p.sm_clock_mhz, s.mem_clock_mhz = p.mem_clock_mhz;
      s.power_w = p.power_w, s.power_limit_w = g.power_limit_w;
      s.temperature_c = p.temperature_c, s.gpu_util_pct = p.util_pct;
      s.clock_event_reasons = p.reasons;
      s.reasons_read = true;  // NVML's reasons were read at every sample
      samples.push_back(std::move(s));
    }
    SourceRef source;
    source.tool = "gpuaudit watch";
    BenchmarkResult row = imports::timeline_row(g.gpu, samples, source);
    row.extra.erase("timeline");  // the watch section keeps the timeline already
    row.extra.erase("timeline_every");
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace gpuaudit
