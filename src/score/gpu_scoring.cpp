#include "score/gpu_scoring.hpp"

#include "core/stats.hpp"
#include "score/families.hpp"

#include <algorithm>

namespace gpuaudit {

Verdict make_verdict(std::string id, std::optional<int> gpu, std::string confidence, std::string summary,
                     std::string short_text) {
  Verdict v;
  v.finding.id = std::move(id);
  v.finding.gpu = gpu;
  v.finding.confidence = std::move(confidence);
  v.finding.summary = std::move(summary);
  v.short_text = std::move(short_text);
  return v;
}

std::string stronger(const std::string& a, const std::string& b) {
  auto rank = [](const std::string& c) { return c == "high" ? 3 : c == "medium" ? 2 : c == "low" ? 1 : 0; };
  return rank(a) >= rank(b) ? a : b;
}

const FigureScore* GpuScoring::figure(std::string_view name) const {
  for (const auto& f : figures)
    if (f.name == name) return &f;
  return nullptr;
}

const BenchmarkResult* GpuScoring::bench(std::string_view name) const {
  return doc->find(std::string(name), gpu->index);
}

const FigureScore* GpuScoring::first_scored(const std::vector<std::string>& names) const {
  for (const auto& n : names)
    if (const FigureScore* f = figure(n); f && f->ratio) return f;
  return nullptr;
}

GroupView GpuScoring::group(const std::vector<std::string>& names) const {
  GroupView g;
  std::vector<double> ratios;
  for (const auto& n : names)
    if (const FigureScore* f = figure(n); f && f->ratio) {
      g.figures.push_back(f);
      ratios.push_back(*f->ratio);
      g.tolerance = std::max(g.tolerance, f->tolerance);
    }
  if (!ratios.empty()) {
    g.present = true;
    g.ratio = median_of(ratios);
  }
  return g;
}

bool GpuScoring::has(std::string_view id) const {
  return std::any_of(verdicts.begin(), verdicts.end(), [&](const Verdict& v) { return v.finding.id == id; });
}

std::set<std::string> GpuScoring::heavy_reasons() const {
  std::set<std::string> out;
  for (const auto& b : doc->benchmarks)
    if (b.gpu == gpu->index && is_heavy_benchmark(b.name) && b.telemetry)
      out.insert(b.telemetry->clock_event_reasons.begin(), b.telemetry->clock_event_reasons.end());
  return out;
}

}  // namespace gpuaudit
