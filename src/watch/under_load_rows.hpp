// The watched GPUs as the scorer reads any telemetry log: each timeline becomes the
// `telemetry/under-load` row an imported `nvidia-smi --query-gpu` log becomes (import.hpp
// timeline_row, the same code), so the power, thermal and clock rules judge the card under the
// renter's own job exactly as they judge a log of it.
#pragma once

#include "core/result.hpp"
#include "watch/watch_record.hpp"

#include <vector>

namespace gpuaudit {

// One row per GPU timeline with points; each interval is one sample (its utilisation mean, clock
// and power medians, temperature max, reasons seen; the power limit of the GPU).
std::vector<BenchmarkResult> under_load_rows(const WatchRecord& r);

}  // namespace gpuaudit
