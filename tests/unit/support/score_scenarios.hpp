// What the scoring tests on tests/data/scenarios/ share (split out of the old flat score_test.cpp and
// multigpu_rules_test.cpp): a scenario read and scored against the repository's baselines, its
// findings as (id, GPU) pairs, a scenario copied onto n GPUs with one figure scaled (synthetic), and
// a small in-code baseline for the pieces (slice share, figures).
#pragma once

#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/stats.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/repo_baselines.hpp"

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace gpuaudit::score_scenarios {


inline const std::filesystem::path kScenarios = std::filesystem::path(GPUAUDIT_TEST_DATA) / "scenarios";

inline Assessment score(const ResultDocument& doc, const Thresholds& t = {}) {
  return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, t);
}

inline ResultDocument scenario(const std::string& name) { return read_result(kScenarios / (name + ".synthetic.json")); }

// (finding id, GPU index or -1 for host-wide)
using Ids = std::multiset<std::pair<std::string, int>>;

inline Ids ids_of(const Assessment& a) {
  Ids out;
  for (const auto& f : a.findings) out.insert({f.id, f.gpu.value_or(-1)});
  return out;
}

inline std::string describe(const Ids& ids) {
  std::string s;
  for (const auto& [id, gpu] : ids) s += (s.empty() ? "" : ", ") + id + "@" + std::to_string(gpu);
  return "{" + s + "}";
}

inline const Finding* find(const Assessment& a, const std::string& id) {
  for (const auto& f : a.findings)
    if (f.id == id) return &f;
  return nullptr;
}

using import_and_score::evidence_has;

inline Baseline toy_baseline() {
  Baseline b;
  b.id = "toy";
  b.model = "Toy 80GB";
  b.sm_count = 100;
  b.memory_gib = 80;
  auto expect = [&](const char* name, double v, const char* unit) {
    Expectation e;
    e.value = v;
    e.unit = unit;
    e.source = "test";
    b.expected[name] = e;
  };
  expect("gemm/bf16", 500, "TFLOP/s");
  expect("hbm/copy", 2000, "GB/s");
  expect("sm/launch", 4, "us");
  MigProfile p;
  p.name = "2g.20gb";
  p.sm_count = 30;
  p.memory_slices = 2;
  p.memory_gib = 19.5;
  b.mig_profiles.push_back(p);
  return b;
}

inline BenchmarkResult figure(const std::string& name, double v, const std::string& unit, bool higher = true) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = 0;
  b.unit = unit;
  b.higher_is_better = higher;
  b.samples = {v};
  b.summary = Summary{1, v, v, v, v, 0, 0};
  return b;
}

// A synthetic n-GPU document: the healthy H100 scenario's GPU and figures copied to every index.
inline ResultDocument copies_of(const std::string& scenario, int n) {
  ResultDocument one = read_result(std::filesystem::path(GPUAUDIT_TEST_DATA) / "scenarios" / (scenario + ".synthetic.json"));
  ResultDocument doc = one;
  doc.synthetic_source = "score_scenarios: " + scenario + " copied to " + std::to_string(n) + " GPUs";
  doc.gpus.clear();
  doc.benchmarks.clear();
  for (int i = 0; i < n; ++i) {
    GpuInfo g = one.gpus.front();
    g.index = i;
    g.uuid = "GPU-synthetic-" + std::to_string(i);
    g.pci_bus_id = "00000000:" + std::to_string(10 + i) + ":00.0";
    doc.gpus.push_back(g);
    for (auto b : one.benchmarks) {
      if (b.gpu) b.gpu = i;
      else if (i > 0) continue;
      doc.benchmarks.push_back(b);
    }
  }
  return doc;
}

inline void scale(ResultDocument& doc, const std::string& name, int gpu, double f) {
  for (auto& b : doc.benchmarks)
    if (b.name == name && b.gpu == gpu) {
      for (auto& s : b.samples) s *= f;
      b.summary = summarize(b.samples);
    }
}

inline const Finding* finding(const Assessment& a, const std::string& id, std::optional<int> gpu) {
  for (const auto& f : a.findings)
    if (f.id == id && f.gpu == gpu) return &f;
  return nullptr;
}

inline int count(const Assessment& a, const std::string& id) {
  int n = 0;
  for (const auto& f : a.findings) n += f.id == id ? 1 : 0;
  return n;
}

}  // namespace gpuaudit::score_scenarios
