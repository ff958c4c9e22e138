// The words of an evidence line, the same everywhere: a figure, its reference, their ratio, and
// what the card did meanwhile.
#pragma once

#include "core/join.hpp"
#include "core/pcie_rate.hpp"
#include "core/result.hpp"
#include "score/figures.hpp"

#include <optional>
#include <set>
#include <string>

namespace gpuaudit {

std::string fmt_value(double v, const std::string& unit);  // "789 TFLOP/s", "2.41 us", "60 SMs"
std::string fmt_pct(double fraction);                       // 0.4545 -> "45%"
std::string fmt_tolerance(double tolerance);                // 0.15 -> "+-15%"

// "gemm/bf16 478 TFLOP/s; expected 790 TFLOP/s (60/132 SMs): 61%, tolerance +-15%"
std::string figure_evidence(const FigureScore& f);
// "while it ran: SM clock 1410 MHz median (max 1980), power up to 349 W, 71 C, reasons sw-power-cap"
std::string telemetry_evidence(const TelemetrySummary& t, std::optional<int> sm_max_mhz);
// figure_evidence plus, when the benchmark carried telemetry, "; " + telemetry_evidence.
std::string figure_with_telemetry(const FigureScore& f, std::optional<int> sm_max_mhz);


// "an H100 SXM5 80GB", "a Tesla T4": the article by how the first letter is spoken (model names
// start with a letter read out alone: "an H100", "an L4", "a T4").
std::string a_model(const std::string& model);

}  // namespace gpuaudit
