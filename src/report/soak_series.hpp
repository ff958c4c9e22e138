// Reading the soak timeline (`gpuaudit soak`, src/soak/timeline.hpp) back from a result document
// for the report's timeline charts. Defensive: a document without "soak", or with one this build
// cannot read, simply has no timeline.
#pragma once

#include "core/result.hpp"
#include "soak/timeline.hpp"

#include <optional>

namespace gpuaudit {

// The metrics a timeline chart can draw, in order.
struct SoakMetric {
  const char* label;
  const char* unit;
  std::optional<double> SoakPoint::*field;
};
const std::vector<SoakMetric>& soak_metrics();

// Null when there is no usable timeline (no "soak", unreadable, or no GPU with a point). The
// points of each GPU are sorted by time.
std::optional<SoakRecord> read_soak(const ResultDocument& doc);

}  // namespace gpuaudit
