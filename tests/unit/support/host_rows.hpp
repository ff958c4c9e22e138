// What the host-bound, host-feed and NUMA scoring tests share (split out of the old flat
// score_host_synthetic_test.cpp): host rows and documents built here (synthetic: every document
// says so in its `synthetic` field), scored against the repository's baselines, and the
// assessment's notes.
#pragma once

#include "baselines/baseline_set.hpp"
#include "core/stats.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/repo_baselines.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit::host_rows {

inline Assessment score(const ResultDocument& doc) {
  return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}, nullptr);
}

inline const Finding* find(const Assessment& a, const std::string& id) {
  for (const auto& f : a.findings)
    if (f.id == id) return &f;
  return nullptr;
}

inline bool has(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& l : lines)
    if (l.find(text) != std::string::npos) return true;
  return false;
}

inline std::vector<std::string> notes(const Assessment& a) {
  std::vector<std::string> out;
  if (auto n = a.extra.find("notes"); n != a.extra.end())
    for (const auto& x : *n) out.push_back(x.get<std::string>());
  return out;
}

inline std::string why(const Assessment& a) { return a.headline + "\n" + assessment_text(a); }

inline BenchmarkResult row(const std::string& name, double v, const std::string& unit, std::optional<int> gpu = std::nullopt) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.status = "ok";
  b.samples = {v * 0.99, v, v * 1.01};
  b.summary = summarize(b.samples);
  return b;
}

// The all-core check of a 2-vCPU VM: `ratio`, with `foreign`% of the CPUs used by other processes.
inline BenchmarkResult cpu_all(double ratio, std::optional<double> foreign) {
  BenchmarkResult b = row("host/cpu_all", 2 * ratio * 9000, "Mops/s");
  b.derived["all_core_ratio"] = ratio;
  if (foreign) b.derived["foreign_cpu_pct"] = *foreign;
  b.params = {{"vcpus", 2}};
  return b;
}

inline ResultDocument host_doc(std::vector<BenchmarkResult> rows) {
  ResultDocument d;
  d.synthetic = true;
  d.synthetic_source = "host_rows.hpp: fabricated host rows";
  d.gpu_status.state = "no-driver";
  d.mode = "quick+only";  // `gpuaudit run --only host/...`, as cmd_run writes it
  d.benchmarks = std::move(rows);
  return d;
}

inline GpuInfo h100(int index) {
  GpuInfo g;
  g.index = index;
  g.name = "NVIDIA H100 80GB HBM3";
  g.pci_device_id = "10de:2330";
  g.memory_total_bytes = 81559ull << 20;
  g.virtualization_mode = "none";
  g.numa_node = 0;
  return g;
}

inline ResultDocument gpu_doc(std::vector<BenchmarkResult> rows) {
  ResultDocument d = host_doc(std::move(rows));
  d.gpu_status.state = "ok";
  d.gpus = {h100(0)};
  return d;
}


}  // namespace gpuaudit::host_rows
