#include "report/watch_series.hpp"

#include "report/reason_markers.hpp"

#include <functional>
#include <optional>

namespace gpuaudit {

namespace {

using HostField = std::optional<double> WatchHostPoint::*;
using GpuField = std::optional<double> WatchGpuPoint::*;

Series host_series(const WatchRecord& r, const char* name, HostField f) {
  Series s{name, {}};
  for (const auto& p : r.host)
    if (const auto v = p.*f) s.points.push_back({p.t_s, *v, ""});
  return s;
}

std::vector<Series> gpu_series(const WatchRecord& r, GpuField f) {
  std::vector<Series> out;
  for (const auto& g : r.gpus) {
    Series s{"GPU " + std::to_string(g.gpu), {}};
    for (const auto& p : g.points)
      if (const auto v = p.*f) s.points.push_back({p.t_s, *v, ""});
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<Marker> reason_markers(const WatchRecord& r) {
  std::vector<Marker> out;
  for (const auto& g : r.gpus) add_reason_markers(g.gpu, g.points, out);
  return out;
}

XYChart chart(const std::string& title, const std::string& unit, std::vector<Series> series) {
  XYChart c;
  c.title = title + " (" + unit + ")";
  c.x_label = "time since the job started (s)";
  c.y_label = title + " (" + unit + ")";
  c.series = std::move(series);
  return c;
}

}  // namespace

std::vector<XYChart> watch_charts(const WatchRecord& r, std::size_t first_id) {
  std::vector<XYChart> all;
  all.push_back(chart("GPU utilisation", "%", gpu_series(r, &WatchGpuPoint::util_pct)));
  all.push_back(chart("SM clock", "MHz", gpu_series(r, &WatchGpuPoint::sm_clock_mhz)));
  all.push_back(chart("GPU power", "W", gpu_series(r, &WatchGpuPoint::power_w)));
  all.push_back(chart("GPU temperature", "\xC2\xB0" "C", gpu_series(r, &WatchGpuPoint::temperature_c)));
  all.push_back(chart("Host CPU", "%", {host_series(r, "CPUs busy", &WatchHostPoint::cpu_busy_pct),
                                        host_series(r, "busiest core", &WatchHostPoint::busiest_core_pct),
                                        host_series(r, "steal", &WatchHostPoint::steal_pct),
                                        host_series(r, "iowait", &WatchHostPoint::iowait_pct)}));
  all.push_back(chart("The job's CPU", "cores", {host_series(r, "the job's process tree", &WatchHostPoint::job_cpu_cores)}));
  all.push_back(chart("Disk and network", "MB/s", {host_series(r, "disk read", &WatchHostPoint::disk_read_mbps),
                                                   host_series(r, "disk write", &WatchHostPoint::disk_write_mbps),
                                                   host_series(r, "network in", &WatchHostPoint::net_rx_mbps),
                                                   host_series(r, "network out", &WatchHostPoint::net_tx_mbps)}));
  Series metric{r.metric_unit.empty() ? "metric" : r.metric_unit + "/s", {}};
  for (const auto& m : r.metric) metric.points.push_back({m.t_s, m.value, ""});
  all.push_back(chart("The job's --metric", r.metric_unit.empty() ? "per s" : r.metric_unit + "/s", {metric}));
  const std::vector<Marker> markers = reason_markers(r);
  std::vector<XYChart> out;
  for (auto& c : all) {
    std::size_t points = 0;
    for (const auto& s : c.series) points += s.points.size();
    if (points == 0) continue;
    std::erase_if(c.series, [](const Series& s) { return s.points.empty(); });
    c.id = "watch-" + std::to_string(first_id++);
    c.markers = markers;
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace gpuaudit
