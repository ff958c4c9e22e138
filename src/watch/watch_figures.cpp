#include "watch/watch_figures.hpp"

#include "core/stats.hpp"

namespace gpuaudit {

namespace {

BenchmarkResult figure(const std::string& name, std::optional<int> gpu, const std::string& unit, bool higher,
                       std::vector<double> samples) {
  BenchmarkResult b;
  b.name = name, b.gpu = gpu, b.unit = unit, b.higher_is_better = higher;
  b.summary = summarize(samples);
  b.samples = std::move(samples);
  b.params = {{"from", "gpuaudit watch"}};
  return b;
}

}  // namespace

std::vector<BenchmarkResult> watch_figures(const WatchRecord& r) {
  std::vector<BenchmarkResult> out;
  if (!r.finished) return out;
  for (const auto& g : r.gpus) {
    std::vector<double> busy;
    for (const auto& p : g.points)
      if (p.util_pct) busy.push_back(*p.util_pct);
    if (!busy.empty()) out.push_back(figure("watch/gpu_busy", g.gpu, "%", true, std::move(busy)));
  }
  std::vector<double> rates;
  for (const auto& m : r.metric) rates.push_back(m.value);
  if (!rates.empty()) out.push_back(figure("watch/metric", std::nullopt, r.metric_unit + "/s", true, std::move(rates)));
  out.push_back(figure("watch/duration", std::nullopt, "s", false, {r.elapsed_s}));
  out.back().params["exit_code"] = r.exit_code.value_or(-1);
  return out;
}

}  // namespace gpuaudit
