// The soak timeline: what `gpuaudit soak` stores in the result document under extra["soak"].
// One point per interval per GPU (throughput of the two workloads, clocks, power, temperature and
// the clock-event reasons NVML gave), plus the decay the detector found in it.
#pragma once

#include "core/json.hpp"

#include <cstdint>

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct SoakPoint {
  double t_s = 0;                       // seconds since the soak started, at the end of the interval
  std::optional<double> gemm_tflops;    // bf16 GEMM throughput during the interval
  std::optional<double> hbm_gbs;        // device-memory copy bandwidth (read + write) during the interval
  std::optional<double> sm_clock_mhz;   // median of the telemetry samples in the interval
  std::optional<double> mem_clock_mhz;
  std::optional<double> power_w;        // median
  std::optional<double> temperature_c;  // max
  std::vector<std::string> reasons;     // clock-event reasons seen in the interval, "gpu-idle" left out
  json extra;
};
GA_JSON_TYPE(SoakPoint, t_s, gemm_tflops, hbm_gbs, sm_clock_mhz, mem_clock_mhz, power_w, temperature_c, reasons)

// "Fast first, slower later": the steady state (last third of the run) against the first minute.
struct SoakDecay {
  std::string verdict;  // stable | decayed | too-short (under 2 minutes and no decay seen)
  std::string summary;  // one line
  double first_window_s = 0, steady_from_s = 0;
  std::optional<double> gemm_first_tflops, gemm_steady_tflops, gemm_ratio;
  std::optional<double> hbm_first_gbs, hbm_steady_gbs, hbm_ratio;
  std::optional<double> sm_clock_first_mhz, sm_clock_steady_mhz;
  std::optional<double> clock_drop_t_s;       // when the SM clock fell and stayed down
  std::optional<double> throughput_drop_t_s;  // when GEMM (else HBM) throughput fell and stayed down
  std::optional<double> temperature_first_c, temperature_max_c;
  std::optional<double> power_first_w, power_steady_w;
  std::vector<std::string> reasons;  // in the steady window, most frequent first
  std::optional<std::string> cause;  // thermal | power | unexplained (only when decayed)
  json extra;
};
GA_JSON_TYPE(SoakDecay, verdict, summary, first_window_s, steady_from_s, gemm_first_tflops, gemm_steady_tflops,
             gemm_ratio, hbm_first_gbs, hbm_steady_gbs, hbm_ratio, sm_clock_first_mhz, sm_clock_steady_mhz,
             clock_drop_t_s, throughput_drop_t_s, temperature_first_c, temperature_max_c, power_first_w,
             power_steady_w, reasons, cause)

// The soak checks what it computes: after every interval the GEMM's whole output is read back and
// compared, word by word, with the GPU's own output of the first interval (the inputs and the
// algorithm never change, so a healthy GPU gives the same bits every time); the reference's checksum
// lets the scorer compare GPUs of one model with each other (score/rule_wrong_results.cpp).
struct SoakOutputCheck {
  int checks = 0;             // intervals whose output was compared with the reference
  int mismatched_checks = 0;  // of them, those with any differing word
  std::uint64_t elements = 0;           // words per output
  std::uint64_t mismatches = 0;         // differing words in the first mismatched check
  std::optional<std::uint64_t> first_element;  // the first differing word of that check
  std::optional<std::uint32_t> first_got_bits, first_expected_bits;
  std::optional<double> first_t_s;      // when that check ran
  std::string reference_checksum;       // of the first interval's output (hex)
  json extra;
};
GA_JSON_TYPE(SoakOutputCheck, checks, mismatched_checks, elements, mismatches, first_element, first_got_bits,
             first_expected_bits, first_t_s, reference_checksum)

struct GpuTimeline {
  int gpu = 0;
  std::string name;
  std::string error;  // the workload failed (CUDA error): the timeline ends there
  std::vector<SoakPoint> points;
  std::optional<SoakDecay> decay;
  std::optional<SoakOutputCheck> output_check;  // null when the workload cannot read its output back
  json extra;
};
GA_JSON_TYPE(GpuTimeline, gpu, name, error, points, decay, output_check)

struct SoakRecord {
  double minutes_requested = 0;
  double interval_s = 0;
  double elapsed_s = 0;
  bool interrupted = false;
  std::string workload;  // what ran, e.g. "bf16 GEMM 8192^3 (cuBLASLt) + device copy 2 x 1 GiB"
  std::vector<GpuTimeline> gpus;
  json extra;
};
GA_JSON_TYPE(SoakRecord, minutes_requested, interval_s, elapsed_s, interrupted, workload, gpus)

}  // namespace gpuaudit
