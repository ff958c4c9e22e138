// Each measured figure -> its ratio to what a healthy card (or slice) of this model achieves.
//
// ratio = measured / expected for higher-is-better figures and expected / measured for the
// lower-is-better ones, so a ratio below 1 is always "worse than the reference". `expected` is
// the slice's share of the full card's value (families.hpp says which share); `ratio_full` is
// against the full card, for the delivered fraction.
#pragma once

#include "baselines/baseline.hpp"
#include "core/result.hpp"
#include "score/slice.hpp"
#include "score/thresholds.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct FigureScore {
  std::string name;    // "gemm/bf16"
  std::string family;  // "gemm"
  std::string unit;
  double value = 0;    // the measured median
  bool higher_is_better = true;
  std::optional<double> expected_full;  // a full healthy card of the model
  std::optional<double> expected;       // this GPU's share of it (== full on a full card)
  std::optional<double> ratio;          // vs expected
  std::optional<double> ratio_full;     // vs expected_full
  double tolerance = 0;
  std::string state = "no-reference";   // ok | low | high | no-reference
  std::string scaled_by;                // "60/132 SMs", "4/8 memory slices", ""
  std::string source;                   // of the expectation
  bool uncertain = false;
  const BenchmarkResult* bench = nullptr;  // into the scored document (not serialized)

  bool low() const { return state == "low"; }
};

// Figures measured on `gpu` (an index), or the document-wide ones (gpu null: collectives, all-GPU
// copies; host/* excluded), scored against `baseline` (may be null: no ratios then).
std::vector<FigureScore> score_figures(const ResultDocument& doc, std::optional<int> gpu, const Baseline* baseline,
                                       const SliceShare& slice, const Thresholds& t);

json figure_json(const FigureScore& f);

}  // namespace gpuaudit
