#include "watch/progress_line.hpp"

#include "text/format.hpp"

namespace gpuaudit {

namespace {

std::string gpu_part(const WatchGpuTimeline& g) {
  std::string o = "GPU" + std::to_string(g.gpu);
  if (g.points.empty()) return o + " -";
  const WatchGpuPoint& p = g.points.back();
  if (p.util_pct) o += " " + fmt_num(*p.util_pct, 0) + "%";
  if (p.sm_clock_mhz) o += " " + fmt_num(*p.sm_clock_mhz, 0) + "MHz";
  if (p.power_w) o += " " + fmt_num(*p.power_w, 0) + "W";
  if (p.temperature_c) o += " " + fmt_num(*p.temperature_c, 0) + "C";
  if (!p.reasons.empty()) o += " [" + p.reasons.front() + "]";
  return o;
}

}  // namespace

std::string progress_line(const WatchRecord& r, std::optional<double> metric_now, std::size_t width) {
  const WatchHostPoint* h = r.host.empty() ? nullptr : &r.host.back();
  std::string o = "watch " + fmt_num(h ? h->t_s : 0, 0) + "s";
  for (const auto& g : r.gpus) o += " | " + gpu_part(g);
  if (!r.gpu_unread.empty()) o += " | GPUs not read";
  if (h && h->cpu_busy_pct) {
    o += " | CPU " + fmt_num(*h->cpu_busy_pct, 0) + "%";
    if (h->job_cpu_cores) o += " (job " + fmt_num(*h->job_cpu_cores, 1) + " cores)";
  }
  if (metric_now) o += " | " + fmt_num(*metric_now, 1) + " " + (r.metric_unit.empty() ? std::string("/s") : r.metric_unit + "/s");
  if (width > 1 && o.size() > width - 1) o.resize(width - 1);  // the cursor's column stays free: no wrap
  return o;
}

}  // namespace gpuaudit
