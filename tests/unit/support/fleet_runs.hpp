// Result documents for the fleet-report tests (report/fleet, fleet_html, fleet_text, soak_series,
// healthy_reference): synthetic machines of H100s with GEMM, HBM and PCIe figures, tags and a price.
#pragma once

#include "core/result.hpp"
#include "core/stats.hpp"
#include "report/fleet.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

inline BenchmarkResult figure(const std::string& name, std::optional<int> gpu, double v, const std::string& unit) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.samples = {v * 0.99, v, v * 1.01};
  b.summary = summarize(b.samples);
  return b;
}

inline ResultDocument machine(const std::string& provider, const std::string& region, int gpus, double bf16_per_gpu,
                              std::optional<double> price = std::nullopt, std::string currency = "") {
  ResultDocument d;
  d.created_utc = "2026-01-01T00:00:00Z";
  if (!provider.empty()) d.tags["provider"] = provider;
  if (!region.empty()) d.tags["region"] = region;
  for (int i = 0; i < gpus; ++i) {
    GpuInfo g;
    g.index = i;
    g.name = "NVIDIA H100 80GB HBM3";
    d.gpus.push_back(g);
    d.benchmarks.push_back(figure("gemm/bf16", i, bf16_per_gpu, "TFLOP/s"));
    d.benchmarks.push_back(figure("hbm/copy", i, 3000, "GB/s"));
    d.benchmarks.push_back(figure("pcie/h2d_pinned", i, 50, "GB/s"));
  }
  d.price_per_hour = price;
  if (!currency.empty()) d.currency = currency;
  return d;
}

inline std::vector<LoadedRun> as_runs(std::vector<ResultDocument> docs) {
  std::vector<LoadedRun> runs;
  for (size_t i = 0; i < docs.size(); ++i) runs.push_back({"run-" + std::to_string(i) + ".json", std::move(docs[i])});
  return runs;
}

// How often needle occurs in hay (overlapping).
inline size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

}  // namespace gpuaudit
