// What the tests that score documents holding no gpuaudit figure share (split out of the old flat
// score_evidence_test.cpp, issue #12): a GPU as nvidia-smi -q shows it at idle, the telemetry row an
// imported nvidia-smi --query-gpu log makes, a figure row, and such a document scored with the
// repository's baselines and topologies. Every document built here is synthetic: typical values of
// the cards named, not copied from one machine.
#pragma once

#include "baselines/baseline_set.hpp"
#include "core/stats.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/repo_baselines.hpp"

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit::evidence_docs {


inline const std::vector<multigpu::TopologyBaseline>& topologies() {
  static const auto set = multigpu::load_topology_baselines(std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines" / "topologies");
  return set;
}

inline Assessment score(const ResultDocument& doc) {
  return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}, &topologies());
}

using Ids = std::multiset<std::pair<std::string, int>>;

inline Ids ids_of(const Assessment& a) {
  Ids out;
  for (const auto& f : a.findings) out.insert({f.id, f.gpu.value_or(-1)});
  return out;
}

inline std::string why(const Assessment& a) { return a.headline + "\n" + assessment_text(a); }

inline const Finding* find(const Assessment& a, const std::string& id, std::optional<int> gpu = 0) {
  for (const auto& f : a.findings)
    if (f.id == id && f.gpu == gpu) return &f;
  return nullptr;
}

inline bool evidence_has(const Finding& f, const std::string& text) {
  for (const auto& e : f.evidence)
    if (e.find(text) != std::string::npos) return true;
  return false;
}

// A GPU as nvidia-smi -q shows it at idle: P8, Gen1 link, a few watts, nobody on it.
inline GpuInfo idle_gpu(const std::string& name, int index = 0) {
  GpuInfo g;
  g.index = index;
  g.name = name;
  g.pci_bus_id = "00000000:" + std::to_string(0x18 + index) + ":00.0";
  g.virtualization_mode = "none";
  g.utilization_pct = 0;
  g.clock_event_reasons = {"gpu-idle"};
  g.temperature_c = 33;
  g.clocks.sm_now_mhz = 345;
  g.pcie.gen_now = 1;
  g.pcie.width_now = 16;
  return g;
}

inline GpuInfo h100_sxm(int index = 0) {
  GpuInfo g = idle_gpu("NVIDIA H100 80GB HBM3", index);
  g.pci_device_id = "10de:2330";
  g.memory_total_bytes = 81559ull << 20;
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = g.power.max_limit_w = 700;
  g.power.usage_w = 70;
  g.clocks.sm_max_mhz = 1980;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 5;
  g.pcie.width_max = 16;
  g.nvlink.links_up = g.nvlink.links_queried = 18;
  g.temperature_slowdown_c = 87;
  return g;
}

// As the importer marks every GPU it read from another tool's output.
inline void mark_imported(GpuInfo& g) { g.extra = {{"source", {{"tool", "nvidia-smi"}, {"file", "nvidia-smi-q.txt"}}}}; }

struct Load {
  double sm_mhz = 0;
  double power_w = 0;
  double temp_c = 0;
  std::vector<std::string> reasons;
  std::optional<int> gen, width;
};

inline Load load(double sm_mhz, double power_w, double temp_c, std::vector<std::string> reasons = {},
          std::optional<int> gen = std::nullopt, std::optional<int> width = std::nullopt) {
  Load l;
  l.sm_mhz = sm_mhz;
  l.power_w = power_w;
  l.temp_c = temp_c;
  l.reasons = std::move(reasons);
  l.gen = gen;
  l.width = width;
  return l;
}

// The row `gpuaudit import` makes of an nvidia-smi --query-gpu log: no figure, only telemetry.
inline BenchmarkResult under_load(int gpu, const Load& l) {
  BenchmarkResult b;
  b.name = imports::kUnderLoadRow;
  b.gpu = gpu;
  b.status = "ok";
  b.params = {{"samples_total", 120}, {"samples_under_load", 100}, {"load_criterion", "utilization.gpu >= 50%"}};
  TelemetrySummary t;
  t.samples = 100;
  if (l.sm_mhz > 0) t.sm_clock_mhz = Range{l.sm_mhz * 0.98, l.sm_mhz, l.sm_mhz * 1.01};
  if (l.power_w > 0) t.power_w = Range{l.power_w * 0.9, l.power_w * 0.97, l.power_w};
  if (l.temp_c > 0) t.temperature_c = Range{l.temp_c - 6, l.temp_c - 2, l.temp_c};
  t.gpu_util_pct = Range{60, 99, 100};
  t.clock_event_reasons = l.reasons;
  t.pcie_gen_max_seen = l.gen;
  t.pcie_width_max_seen = l.width;
  b.telemetry = t;
  b.extra = {{"source", {{"tool", "nvidia-smi"}, {"file", "query-gpu.csv"}}}};
  return b;
}

inline BenchmarkResult figure(const std::string& name, std::optional<int> gpu, double v, const std::string& unit) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.status = "ok";
  b.samples = {v};
  b.summary = summarize(b.samples);
  return b;
}

inline ResultDocument doc_of(std::vector<GpuInfo> gpus) {
  ResultDocument d;
  d.synthetic = true;
  d.synthetic_source = "evidence_documents.hpp: typical values of the cards named";
  d.mode = "custom";
  d.gpus = std::move(gpus);
  return d;
}


}  // namespace gpuaudit::evidence_docs
