// Everything the verdict rules know about one GPU: its inventory, its reference, the share of a
// full card it is, its scored figures, and the verdicts reached so far (a later rule may defer
// to an earlier one: a low clock is no separate finding on a power-capped card).
#pragma once

#include "core/result.hpp"
#include "score/figures.hpp"
#include "score/reference.hpp"
#include "score/slice.hpp"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// A finding plus the few words it contributes to the headline ("MIG 3g.40gb, 60 of 132 SMs").
struct Verdict {
  Finding finding;
  std::string short_text;
};

Verdict make_verdict(std::string id, std::optional<int> gpu, std::string confidence, std::string summary,
                     std::string short_text);

// "high" beats "medium" beats "low" beats "" (none yet).
std::string stronger(const std::string& a, const std::string& b);

// The figures of one group (tensor, vector, memory, ...) taken together.
struct GroupView {
  bool present = false;       // at least one figure with a reference
  double ratio = 1.0;         // median of their ratios (vs this GPU's share of the card)
  double tolerance = 0;       // the widest of their tolerances
  std::vector<const FigureScore*> figures;
  bool low() const { return present && ratio < 1.0 - tolerance; }
  bool fine() const { return present && ratio >= 1.0 - tolerance; }
};

struct GpuScoring {
  const ResultDocument* doc = nullptr;
  const GpuInfo* gpu = nullptr;
  GpuReference ref;
  SliceShare slice;
  std::vector<FigureScore> figures;
  std::vector<Verdict> verdicts;
  std::optional<double> delivered_fraction;

  const Baseline* baseline() const { return ref.baseline ? &*ref.baseline : nullptr; }
  int index() const { return gpu->index; }
  const FigureScore* figure(std::string_view name) const;
  const BenchmarkResult* bench(std::string_view name) const;
  // The first figure of `names` that has a reference.
  const FigureScore* first_scored(const std::vector<std::string>& names) const;
  GroupView group(const std::vector<std::string>& names) const;
  bool has(std::string_view finding_id) const;
  // Clock-event reasons seen while the heavy (compute) benchmarks ran.
  std::set<std::string> heavy_reasons() const;
};

}  // namespace gpuaudit
