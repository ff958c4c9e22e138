// Everything the verdict rules know about one GPU: its inventory, its reference, the share of a
// full card it is, its scored figures, and the verdicts reached so far (a later rule may defer
// to an earlier one: a low clock is no separate finding on a power-capped card).
#pragma once

#include "core/finding_ids.hpp"
#include "core/result.hpp"
#include "score/figures.hpp"
#include "baselines/reference.hpp"
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

Verdict make_verdict(finding_id::Id id, std::optional<int> gpu, std::string confidence, std::string summary,
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

// What the card did UNDER LOAD (docs/scoring.md, "under load"), merged from every source that
// saw it loaded: the telemetry of each heavy benchmark (families.hpp is_heavy_benchmark), the
// imported `telemetry/under-load` row (import.hpp kUnderLoadRow: an nvidia-smi --query-gpu log's
// samples under load), and an imported inventory snapshot taken under load (utilisation >=
// load_util_pct: an nvidia-smi -q printed while a job ran). The link is also
// taken from the pcie/* copies, which drive it. Every rule that reads telemetry reads it here.
struct LoadTelemetry {
  std::vector<std::string> from;      // the sources, "gemm/bf16", "telemetry/under-load", ...
  int samples = 0;
  std::set<std::string> reasons;      // clock-event reasons seen in any ("gpu-idle" left out)
  std::optional<Range> sm_clock_mhz;  // min of the minima, median of the medians, max of the maxima
  std::optional<Range> power_w;
  std::optional<Range> temperature_c;
  std::optional<int> pcie_gen_max_seen, pcie_width_max_seen;
  std::vector<std::string> link_from;  // the sources of the link figures
  bool snapshot_under_load = false;    // an imported snapshot (nvidia-smi -q) printed while the card was busy
  // A source logged clock-event reasons at all (gpuaudit's sampler, -q, a CSV with the reasons
  // column, dmon -s v): an empty `reasons` then means none was active, else only that none was seen.
  bool reasons_read = false;

  bool present() const { return !from.empty(); }
  bool link_seen() const { return pcie_gen_max_seen || pcie_width_max_seen; }
  // "gemm/bf16, sm/fp32 and telemetry/under-load"
  std::string sources() const;
};

LoadTelemetry load_telemetry(const ResultDocument& doc, const GpuInfo& gpu, double load_util_pct);

struct GpuScoring {
  const ResultDocument* doc = nullptr;
  const GpuInfo* gpu = nullptr;
  GpuReference ref;
  SliceShare slice;
  std::vector<FigureScore> figures;
  std::vector<Verdict> verdicts;
  std::optional<double> delivered_fraction;
  LoadTelemetry load;  // filled by assess(): use under_load()

  const Baseline* baseline() const { return ref.baseline ? &*ref.baseline : nullptr; }
  int index() const { return gpu->index; }
  const FigureScore* figure(std::string_view name) const;
  const BenchmarkResult* bench(std::string_view name) const;
  // The first figure of `names` that has a reference.
  const FigureScore* first_scored(const std::vector<std::string>& names) const;
  GroupView group(const std::vector<std::string>& names) const;
  bool has(finding_id::Id id) const;
  // The telemetry under load (see LoadTelemetry); empty when nothing saw the card loaded.
  const LoadTelemetry& under_load() const { return load; }
  // Clock-event reasons seen under load.
  std::set<std::string> heavy_reasons() const { return load.reasons; }
  // The power limit in force: the lower of the current and the enforced limit.
  std::optional<double> power_limit_w() const;
  // The draw under load reached `fraction` x the power limit in force: the limit was holding the
  // clocks down (GPU Boost stays under it), whether or not a reason was logged.
  bool draw_at_power_limit(double fraction) const;
  // The SM clock a healthy card sustains under load: the lower of the card's max SM clock and
  // the model's rated boost clock (GeForce cards report a max above what they hold); `from`
  // says which, with its value ("the card's max SM clock (1980 MHz)").
  std::optional<double> sm_max_mhz(std::string* from = nullptr) const;
  // The temperature at which the card starts its hardware slowdown: its own (NVML, nvidia-smi -q)
  // where the document has it, else its model's (baseline temperature_slowdown_c, read from real
  // nvidia-smi outputs of the model), never another model's (an architecture estimate has none);
  // `from` says which.
  std::optional<double> slowdown_temperature_c(std::string* from = nullptr) const;
  // The "GPU Max Operating Temp" (NVML_TEMPERATURE_THRESHOLD_GPU_MAX), the same way: the card's
  // where the document has it, else its model's (baseline temperature_max_operating_c).
  std::optional<double> max_operating_temperature_c(std::string* from = nullptr) const;
  // The two above: `card` (the document's) else the baseline's `model` field; `what` names it.
  std::optional<double> temperature_threshold_c(const std::optional<int>& card,
                                                const std::optional<Sourced> Baseline::*model, const char* what,
                                                std::string* from) const;
  // The inventory was taken by gpuaudit itself (an imported GPU carries extra.source): only then
  // were its processes and utilisation seen before gpuaudit's own work.
  bool inventory_by_gpuaudit() const;
};

}  // namespace gpuaudit
