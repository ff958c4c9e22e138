// Turning the samples taken while one benchmark ran into the summary stored with its figure.
#pragma once

#include "core/result.hpp"
#include "telemetry/telemetry_sample.hpp"

#include <optional>
#include <span>
#include <vector>

namespace gpuaudit {

// The Range (least, median, greatest) of the values; nullopt for none. Telemetry summaries and the
// importer's timeline rows take their ranges from it.
std::optional<Range> min_median_max(std::vector<double> values);

// Min/median/max of every field that had a value, the clock-event reasons seen in any sample (by
// name, "gpu-idle" left out: a benchmark's own gaps between launches are not a finding), and the
// highest PCIe generation and width seen (links train down when idle).
TelemetrySummary summarize_telemetry(std::span<const TelemetrySample> samples);

// The samples with t0 <= t <= t1 from `all` (sorted by time). A window shorter than the sampling
// period may hold none: then the last sample before t1, so a short benchmark still gets the card's
// state, or nothing when there is none.
std::vector<TelemetrySample> samples_in_window(std::span<const TelemetrySample> all, double t0, double t1);

}  // namespace gpuaudit
