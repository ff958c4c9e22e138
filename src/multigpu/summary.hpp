// Condensing a size sweep into the figures a person reads: peak bus bandwidth, the size where the
// fabric gets close to it, small-message latency, and how the peak holds up as GPUs are added.
#pragma once

#include "core/json.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

// One message size of a sweep.
struct SweepPoint {
  std::size_t bytes = 0;            // S, as nccl-tests defines it for the collective
  std::size_t count = 0;            // the NCCL call's element count
  double time_us = 0;               // median time of one operation
  double algbw_gbs = 0;             // from time_us
  double busbw_gbs = 0;             // from time_us
  std::vector<double> busbw_samples;  // one per timed sample
  int iterations = 0;               // operations per sample
  bool checked = false;             // the result was compared with the expected values
  std::size_t wrong_elements = 0;   // how many differed (summed over ranks)
};
GA_JSON_VALUE(SweepPoint, bytes, count, time_us, algbw_gbs, busbw_gbs, busbw_samples, iterations, checked,
              wrong_elements)

// Messages up to this size are latency-bound on every fabric we know: their time hardly
// depends on the size, so their median time is "the small-message latency".
inline constexpr std::size_t kSmallMessageBytes = 1024;
// "Close to peak": the smallest size reaching this share of the peak bus bandwidth.
inline constexpr double kNearPeakFraction = 0.9;

struct SweepSummary {
  double peak_busbw_gbs = 0;
  double peak_algbw_gbs = 0;
  std::size_t peak_bytes = 0;
  std::optional<std::size_t> near_peak_bytes;  // smallest size with busbw >= 90% of the peak
  std::optional<double> small_message_latency_us;
  int sizes = 0;
  int sizes_wrong = 0;  // sizes whose check found wrong elements
};

SweepSummary summarize_sweep(const std::vector<SweepPoint>& points);

// Peak bus bandwidth per GPU count, and each one's efficiency against the 2-GPU peak (busbw is
// normalised so that, on a fabric that scales, it stays flat as GPUs are added: 1.0 is perfect)
// and, when known, against the expected bus bandwidth of the topology.
struct ScalingPoint {
  int gpus = 0;
  double peak_busbw_gbs = 0;
  std::optional<double> efficiency_vs_2gpu;
  std::optional<double> efficiency_vs_expected;
};
std::vector<ScalingPoint> scaling_efficiency(const std::vector<std::pair<int, double>>& peak_by_gpus,
                                             std::optional<double> expected_busbw_gbs);

// "8 B", "64 KiB", "1 GiB": sizes as people write them in NCCL plots.
std::string size_label(std::size_t bytes);

}  // namespace gpuaudit::multigpu
