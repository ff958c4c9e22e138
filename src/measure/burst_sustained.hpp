// Burst and sustained: the GEMM family keeps its chosen product running for a soak window and
// reports the rate of the first seconds (a cool card at its boost clock) and of the last seconds
// (the same card after it warmed up and its power and cooling settled), each with the telemetry of
// its own window beside it. Host code: the device loop (benchmarks/gemm.cpp) only runs
// chunks of launches and hands their end times here. The rule sustained-drop
// (score/rule_sustained.cpp) judges the two rates.
#pragma once

#include "core/json.hpp"
#include "core/result.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct SustainPlan {
  bool enabled = false;
  double window_s = 0;     // the whole soak, from the first launch
  double burst_s = 0;      // its first seconds
  double sustained_s = 0;  // its last seconds
};

// quick: gemm/bf16 only (the training type; the other kinds heat the same tensor cores), 10 s
// with 2 s at each end; full: every gemm/* kind, 30 s with 3 s at each end. Every GPU runs its
// window at the same time under the default concurrent schedule, so the box is at full load.
SustainPlan sustain_plan(const std::string& bench, const std::string& mode);

// One chunk of back-to-back launches, finished at `end_s` (steady clock), `work` units done in it.
struct WorkChunk {
  double end_s = 0;
  double work = 0;
};

struct PhaseRate {
  double begin_s = 0, end_s = 0;  // steady clock
  double rate = 0;                 // work per second over the chunks in the window
  int chunks = 0;
};

struct BurstSustained {
  PhaseRate burst, sustained;
};

// The rate over the chunks that ended within the first `burst_s` after `start_s`, and over those
// that started within the last `sustained_s` before the last chunk's end. Null when either window
// has no chunk (the loop ran too short) or the windows overlap.
std::optional<BurstSustained> burst_and_sustained(double start_s, const std::vector<WorkChunk>& chunks, double burst_s,
                                                  double sustained_s);

// The params a GEMM row carries: {"soak_window_s", "burst": {"rate", "seconds"}, "sustained": {...},
// "sustained_ratio"}, with `unit_scale` dividing the rates (1e12 for TFLOP/s) and the field named
// `rate_key` ("tflops").
json burst_sustained_params(const BurstSustained& r, double window_s, double unit_scale, const std::string& rate_key);

// The telemetry of a phase window, as the runner attaches it: params[phase]["telemetry"].
using WindowTelemetry = std::function<std::optional<TelemetrySummary>(double begin_s, double end_s)>;
void attach_phase_telemetry(json& params, const std::string& phase, double begin_s, double end_s, const WindowTelemetry& tel);

}  // namespace gpuaudit
