// The soak loop: every interval, each GPU runs the GEMM for half of it and the memory stream for
// the other half (all GPUs at once, as in a real job, so the node heats up as it would), while the
// telemetry is sampled a few times per second. After each interval a point is appended to every
// GPU's timeline, the decay is re-detected and `checkpoint` is called, so Ctrl-C (or a crash)
// keeps everything up to the last interval.
#pragma once

#include "soak/soak_telemetry.hpp"
#include "soak/soak_workload.hpp"
#include "soak/timeline.hpp"

#include <atomic>
#include <functional>

namespace gpuaudit {

struct SoakOptions {
  double minutes = 10;
  double interval_s = 10;
  double telemetry_period_s = 0.25;
};

struct SoakTarget {
  int gpu = 0;
  std::string name;
  SoakWorkload* workload = nullptr;  // not owned
};

SoakRecord run_soak(const SoakOptions& opt, const std::vector<SoakTarget>& targets, SoakTelemetry* telemetry,
                    const std::atomic<bool>& interrupted, const std::function<void(const SoakRecord&)>& checkpoint);

// Pure: one interval's output against the GPU's reference (the first interval's, stored in
// `reference` when it is empty), into the timeline's check record.
void check_soak_output(const std::vector<std::uint16_t>& output, double t_s, std::vector<std::uint16_t>& reference,
                       SoakOutputCheck& check);

// Pure: one interval's telemetry samples of one GPU -> the point's telemetry fields.
void summarize_telemetry(const std::vector<SoakTelemetrySample>& samples, SoakPoint& point);

}  // namespace gpuaudit
