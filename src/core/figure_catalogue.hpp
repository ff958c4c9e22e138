// What gpuaudit knows about a figure from its name and unit alone: the unit each of its own
// measurements is written in and whether more is better. Readers take a figure's direction from
// here, never from the document being judged (compare once took it from the NEW document, so a
// hand-edited "higher_is_better": false turned a 20% drop into "improved"), and the document
// validator (core/document_validate.hpp) refuses a row whose unit or direction contradicts it.
// Beside those: the datasheet field that bounds a baseline's expectation, the groups the rules
// reason about, the time class run/run_estimate turns into seconds, the fleet report's columns
// and `check`'s default figures; no other file lists figures for any of these.
//
// The GPU benchmarks' registrations (benchmarks/<family>.cpp) take their unit and direction from
// here. The other entries restate their writers: the host checks
// (src/host/*_check.cpp, host_figure), the multi-GPU rows (src/multigpu/rows.cpp) and the fixed
// names importers write (p2p/latency, gpu_burn/*, bandwidthTest/*). tests/unit/
// core/figure_catalogue_test.cpp reads those sources and fails when an entry drifts from them.
#pragma once

#include "core/result.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// Groups of figures the verdict rules reason about (score/families.hpp), as bits.
enum FigureGroup : unsigned {
  kNoGroup = 0,
  kTensorGroup = 1,    // dense tensor compute: what a training or inference job mostly runs
  kVectorGroup = 2,    // vector (CUDA-core) compute
  kMemoryGroup = 4,    // device memory bandwidth
  kPcieLinkGroup = 8,  // host link copies, pinned (the link's own speed, not the host's memcpy)
  kCheckGroup = 16,    // what `check` measures by default: one figure per kind a renter meets first
};

// What a GPU benchmark of the figure spends beyond setup and its timed samples: the time class that
// run/run_estimate.cpp turns into seconds for `run`'s estimate and its progress line.
enum class RunTime : unsigned char {
  kSampled,      // setup and the timed samples only
  kShapeSearch,  // a GEMM: the shape and algorithm search, a final pass and its sustained window
  kLargeArrays,  // arrays of several GiB to fill and check first
  kPageable,     // pageable host buffers to touch first
  kFixedKernel,  // a few runs of a fixed-length kernel, not sampled
  kFillCard,     // fills the whole card in chunks, then frees it
};

struct FigureSpec {
  std::string_view unit;
  bool higher_is_better = true;
  // Whether a per-model baseline may hold an expectation of it (baselines/*.json "expected"), and
  // the datasheet field of that baseline which bounds the expectation ("memory_bandwidth_gbs";
  // empty where no datasheet figure does). baselines/baseline_check.cpp reads both from here.
  bool expected_per_model = false;
  std::string_view datasheet_peak;
  unsigned groups = kNoGroup;  // FigureGroup bits
  RunTime run_time = RunTime::kSampled;
  // Its column in the fleet report (report/fleet.cpp: a column per figure, 1 = first); 0: none.
  unsigned char fleet_column = 0;

  // The catalogue's entries read as `expected(...).taking(RunTime::kShapeSearch).in_fleet_report(1)`.
  constexpr FigureSpec taking(RunTime t) const {
    FigureSpec s = *this;
    s.run_time = t;
    return s;
  }
  constexpr FigureSpec in_fleet_report(unsigned char column) const {
    FigureSpec s = *this;
    s.fleet_column = column;
    return s;
  }
  constexpr FigureSpec in_check() const {
    FigureSpec s = *this;
    s.groups |= kCheckGroup;
    return s;
  }
};

// One entry: an exact name ("hbm/copy"), or a family when the name ends in '/' ("nccl/").
struct CatalogueEntry {
  std::string_view name;
  FigureSpec spec;
};

// Every entry, in the catalogue's order.
std::span<const CatalogueEntry> figure_catalogue();

// The exact names of a group's figures, in the catalogue's order.
std::vector<std::string> figures_in_group(FigureGroup group);

// The fleet report's figures (FigureSpec::fleet_column), in column order.
const std::vector<std::string>& fleet_report_figures();

// gpuaudit's spec of a figure name: an exact name ("hbm/copy"), or a family every member of which
// gpuaudit writes in one unit ("nccl/<collective>", "bandwidthTest/<copy>"); nullopt for a name
// it does not know (an imported tool's own figure, such as nvbandwidth's, keeps its row's unit).
std::optional<FigureSpec> figure_spec(std::string_view name);

// The first part of every figure name gpuaudit writes or imports (sm, tensor, gemm, hbm, ..., the
// imported tools' gpu_burn, bandwidthTest, nvbandwidth, dcgm), in the catalogue's order: what
// --max-regression and the other figure options accept.
const std::vector<std::string>& figure_families();

// Whether more of `unit` is better, from the unit alone: a rate or an amount (GB/s, TFLOP/s, IOPS,
// GiB) yes, a time (us, ns, ms, s) no; nullopt for a unit that does not say (count, %, "").
std::optional<bool> unit_direction(std::string_view unit);

// The direction a reader uses for a row: figure_spec's, else its unit's; nullopt when neither
// knows (the caller then needs the documents to agree, and says so when they do not).
std::optional<bool> known_direction(const BenchmarkResult& row);

}  // namespace gpuaudit
