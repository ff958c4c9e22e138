// `gpuaudit compare BASE NEW`: every figure of NEW against BASE (one run, or the median of the
// last K runs in a folder), with a verdict each. Rendering lives in compare_render.hpp.
#pragma once

#include "compare/environment.hpp"
#include "compare/tolerance.hpp"
#include "compare/verdict.hpp"
#include "core/result.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

inline constexpr int kDefaultLastRuns = 5;

struct CompareOptions {
  Tolerances tolerances;
  double alpha = kDefaultAlpha;
  bool allow_different_hardware = false;
};

// BASE: one document, or a folder whose *.json files are all result documents (the last K by
// created_utc are kept, oldest first). Throws Error(exit_code::usage) naming the file on a
// corrupt, foreign or newer document, and on an empty folder. In a folder only the last K are read
// in full: the others' created_utc comes from a scan of their text, and one is read in full (and
// refused when broken) only when the scan cannot find its date.
struct BaseRuns {
  std::vector<std::string> names;  // file paths, as given
  std::vector<ResultDocument> docs;
};
BaseRuns load_base(const std::filesystem::path& path, int last_k = kDefaultLastRuns);

// Outcome of one figure: regressed | improved | same (judged), failed (ok in BASE, check-failed or
// error in NEW: counts as a regression), missing (in BASE, not measured in NEW), new (only in
// NEW), skipped (not comparable, e.g. the unit changed).
struct FigureComparison {
  std::string name;
  std::optional<int> gpu;
  std::string unit;
  bool higher_is_better = true;
  std::optional<double> base_value;  // median of the base runs' medians
  std::optional<double> new_value;
  int base_runs = 0;                 // how many base runs had this figure
  double tolerance_pct = 0;
  std::optional<Judgement> judgement;
  std::string outcome;
  std::string reason;
  // For a regression: what changed beside it, base -> new (compare/causes.hpp); empty: nothing recorded.
  std::vector<std::string> causes;

  bool is_regression() const { return outcome == "regressed" || outcome == "failed"; }
  std::string label() const;  // "hbm/copy (GPU 0)", "host/steal"
};

struct Comparison {
  std::vector<std::string> base_names;
  std::string new_name;
  std::string base_hardware, new_hardware;
  std::string base_created_utc, new_created_utc;  // of the latest base run
  std::vector<Difference> hardware_differences;   // only with --allow-different-hardware
  std::vector<Difference> software_differences;   // latest base run vs new
  std::vector<FigureComparison> figures;
  std::string tolerance_text;
  double alpha = kDefaultAlpha;

  int count(const std::string& outcome) const;
  bool has_regression() const;
};

// Throws Error(exit_code::usage) when the hardware differs and allow_different_hardware is off.
Comparison compare_runs(const BaseRuns& base, const ResultDocument& next, const std::string& new_name,
                        const CompareOptions& options);

}  // namespace gpuaudit
