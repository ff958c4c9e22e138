// How much of a full healthy card this GPU delivers, and what its work costs.
//
// delivered_fraction = geometric mean, over the families measured, of
//   dense tensor compute (gemm/bf16, else gemm/fp16, tensor/mma_bf16, tensor/mma_fp16),
//   vector compute (sm/fp32) and memory bandwidth (hbm/copy, else triad, read, write),
// of measured / FULL-card expectation, each capped at delivered_cap. Geometric, so one family at
// half speed costs the same however the others do, and a MIG 3g.40gb slice (60/132 SMs, 4/8
// memory) comes out near (0.45 x 0.45 x 0.5)^(1/3) = 47%. The cap keeps a figure far above its
// reference (a GeForce boosting) from hiding another far below.
//
// Cost: price_per_hour / effective dense-BF16 PFLOP/s = the price of one PFLOP/s sustained for an
// hour ("per effective PFLOP-hour"), and price / TB/s of memory bandwidth, each next to what a full
// healthy card (the reference) would cost at the same price.
#pragma once

#include "score/gpu_scoring.hpp"
#include "score/thresholds.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// The figures that enter the delivered fraction, by role; nullptr where not measured.
struct DeliveredParts {
  const FigureScore* dense = nullptr;
  const FigureScore* vector = nullptr;
  const FigureScore* memory = nullptr;
};
DeliveredParts delivered_parts(const GpuScoring& g);

std::optional<double> delivered_fraction(const GpuScoring& g, const Thresholds& t);

struct CostSummary {
  double price_per_hour = 0;
  std::string currency = "USD";
  std::optional<double> effective_bf16_pflops, full_bf16_pflops;
  std::optional<double> cost_per_pflop_hour, full_card_cost_per_pflop_hour;
  std::optional<double> effective_memory_tbps, full_memory_tbps;
  std::optional<double> cost_per_tbps_hour, full_card_cost_per_tbps_hour;
};

// Null when the document has no price or no GPU figure to price.
std::optional<CostSummary> cost_summary(const ResultDocument& doc, const std::vector<GpuScoring>& gpus);
json cost_json(const CostSummary& c);

}  // namespace gpuaudit
