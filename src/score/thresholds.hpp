// The numbers the verdicts turn on: per-family tolerances and the rule thresholds, each with a
// default that says why (docs/scoring.md), overridable from a JSON file (--thresholds FILE):
//
//   { "tolerances": { "hbm": 0.08, "gemm/bf16": 0.20 },
//     "rules": { "steal_pct": 3, "contention_gap_us": 2000 } }
//
// A tolerance key is a family id (see families.hpp) or a benchmark name; a benchmark name wins
// over its family. Unknown keys and out-of-range values are refused, so a typo never passes
// silently as "the default".
#pragma once

#include "core/straggler_margin.hpp"
#include "core/json.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct RuleThresholds {
  double power_limit_fraction = 0.95;   // power-capped: limit below this x the board default
  double clock_fraction = 0.90;         // clock-limited: effective SM clock below this x max clock
  double contention_gap_us = 1000;      // sliced: a preemption gap this long means a co-tenant
  double shared_throughput_max = 0.80;  // sliced: ... when throughput is also below this ratio
  double allocatable_fraction = 0.85;   // sliced: reported memory below this x the model's, or
                                        // allocatable below this x reported
  double steal_pct = 5;                 // host-bound: CPU steal above this %
  double all_core_ratio = 0.60;         // host-bound: all-core / (single x vCPUs) below this
  double disk_mbps_per_tflops = 1.0;    // host-bound: disk read needed per dense TFLOP/s
  double numa_remote_faster = 1.15;     // numa-misplaced: remote copies this much faster
  double numa_remote_slower = 0.70;     // numa-misplaced: remote copies this much slower
  double pcie_link_efficiency = 0.60;   // pcie-degraded: copy rate below this x the link's raw rate
  double delivered_cap = 1.10;          // delivered fraction: no single ratio counts above this
  double power_at_limit_fraction = 0.95;  // power-capped: draw under load at/above this x the limit binds
  double load_util_pct = 50;            // under load: an inventory snapshot at this utilisation or more
  double cotenant_util_pct = 20;        // sliced: utilisation above this before gpuaudit's work = co-tenant
  double decode_images_per_tflops = 10;  // host-bound: JPEG decode needed per dense TFLOP/s
  double contended_cpu_pct = 10;        // host-bound: other processes' CPU share above this = contended, not judged
  double straggler_margin = kStragglerMargin;  // straggler: a key figure this much below its peers' median
  double sustained_drop_fraction = 0.10;  // sustained-drop: the rate after the soak this much below the first seconds
  double peer_path_fraction = 0.50;     // pcie-degraded: a peer copy below this x the same copy staged through the host
};

struct Thresholds {
  std::map<std::string, double> tolerances;  // overrides: family id or benchmark name -> +-fraction
  RuleThresholds rules;
  std::string origin = "built-in defaults";  // or the file they were read from

  // The tolerance for one figure: a user override for the benchmark, else one for its family,
  // else the baseline's own for this expectation, else the family default.
  double tolerance_for(const std::string& benchmark, const std::optional<double>& baseline_tolerance) const;
};

// One rule threshold, for validation and documentation.
struct RuleThresholdInfo {
  const char* name;
  double RuleThresholds::*field;
  double min, max;
  const char* why;
};
const std::vector<RuleThresholdInfo>& rule_threshold_info();

// Throws input_error (exit 2) naming `origin` on a bad key, type or range.
Thresholds parse_thresholds(const json& j, const std::string& origin);
Thresholds load_thresholds(const std::filesystem::path& path);

// The thresholds in force, as the same JSON shape a file takes (recorded in the assessment).
json thresholds_json(const Thresholds& t);

}  // namespace gpuaudit
