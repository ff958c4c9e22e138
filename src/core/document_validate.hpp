// A result document checked as a whole when it is read: what the field types alone cannot say.
// Every reader (score, compare, report, export, import of a gpuaudit document) gets documents
// through core/document_io.hpp, which calls this after the types are read, so one set of rules
// decides what a document may claim (docs/result-document.md, "What reading checks"):
//   references   a benchmark row's and a finding's GPU index is a GPU of the document; GPU indices
//                are unique; a MIG slice's parent is a board, and a slice sits on a MIG-mode board
//   enumerations status, mode, gpu_status.state, virtualization_mode, compute_mode, confidence
//   dates        created_utc (and assessment.scored_utc) in RFC 3339
//   figures      a figure gpuaudit knows (core/figure_catalogue.hpp) in its unit and direction;
//                no negative or non-finite figure of a rate, amount or time
//   plausibility temperatures within -40..150 C, powers 0..5 kW per GPU, percentages 0..100,
//                prices 0..1e9 an hour
// A violation is a field_error naming the field (the reader turns it into exit 2 naming the
// file). One exception: a sensor's reading (a GPU's temperature, draw or utilisation now, or in a
// figure's telemetry) outside its bounds is what a broken sensor may report and a tool write
// down faithfully; it is read as unknown and a note says so, instead of losing the document.
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

// Bounds, each with the reason it holds for every GPU, not one case.
inline constexpr double kMinTemperatureC = -40;   // the lowest storage temperature of NVIDIA boards
inline constexpr double kMaxTemperatureC = 150;   // past any die's shutdown threshold (~90-105 C)
inline constexpr double kMaxGpuPowerW = 5000;     // ~4x the largest GPU's board power (B300: 1.4 kW)
inline constexpr double kMaxPricePerHour = 1e9;   // a billion units of any currency an hour

// Throws field_error for the first rule `doc` breaks; returns the notes on sensor readings it set
// to unknown ("gpus[0].temperature_c: 1000000 C is outside -40..150 C: read as unknown").
std::vector<std::string> validate_document(ResultDocument& doc);

// created_utc's form: "2026-11-30T00:18:29Z", "2026-11-30T00:18:29.5+01:00" (RFC 3339 section 5.6,
// with its permitted lower-case t/z and space for T), the date and time in range.
bool is_rfc3339_date_time(std::string_view text);

}  // namespace gpuaudit
