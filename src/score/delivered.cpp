#include "score/delivered.hpp"

#include "score/families.hpp"

#include <algorithm>
#include <cmath>

namespace gpuaudit {

namespace {

const FigureScore* first_full(const GpuScoring& g, const std::vector<std::string>& names) {
  for (const auto& n : names)
    if (const FigureScore* f = g.figure(n); f && f->ratio_full) return f;
  return nullptr;
}

const std::vector<std::string>& dense_names() {
  static const std::vector<std::string> v{"gemm/bf16", "gemm/fp16", "tensor/mma_bf16", "tensor/mma_fp16"};
  return v;
}

}  // namespace

DeliveredParts delivered_parts(const GpuScoring& g) {
  DeliveredParts p;
  p.dense = first_full(g, dense_names());
  p.vector = first_full(g, {"sm/fp32"});
  p.memory = first_full(g, memory_figures());
  return p;
}

std::optional<double> delivered_fraction(const GpuScoring& g, const Thresholds& t) {
  const DeliveredParts p = delivered_parts(g);
  double log_sum = 0;
  int n = 0;
  for (const FigureScore* f : {p.dense, p.vector, p.memory})
    if (f && *f->ratio_full > 0) {
      log_sum += std::log(std::min(*f->ratio_full, t.rules.delivered_cap));
      ++n;
    }
  if (n == 0) return std::nullopt;
  return std::exp(log_sum / n);
}

std::optional<CostSummary> cost_summary(const ResultDocument& doc, const std::vector<GpuScoring>& gpus) {
  if (!doc.price_per_hour || *doc.price_per_hour <= 0) return std::nullopt;
  CostSummary c;
  c.price_per_hour = *doc.price_per_hour;
  c.currency = doc.currency.value_or("USD");
  double eff_tf = 0, full_tf = 0, eff_gbs = 0, full_gbs = 0;
  bool any_tf = false, any_gbs = false;
  for (const auto& g : gpus) {
    const DeliveredParts p = delivered_parts(g);
    if (p.dense && p.dense->unit == "TFLOP/s") {
      eff_tf += p.dense->value;
      full_tf += *p.dense->expected_full;
      any_tf = true;
    }
    if (p.memory && p.memory->unit == "GB/s") {
      eff_gbs += p.memory->value;
      full_gbs += *p.memory->expected_full;
      any_gbs = true;
    }
  }
  if (!any_tf && !any_gbs) return std::nullopt;
  if (any_tf && eff_tf > 0 && full_tf > 0) {
    c.effective_bf16_pflops = eff_tf / 1000.0;
    c.full_bf16_pflops = full_tf / 1000.0;
    c.cost_per_pflop_hour = c.price_per_hour / *c.effective_bf16_pflops;
    c.full_card_cost_per_pflop_hour = c.price_per_hour / *c.full_bf16_pflops;
  }
  if (any_gbs && eff_gbs > 0 && full_gbs > 0) {
    c.effective_memory_tbps = eff_gbs / 1000.0;
    c.full_memory_tbps = full_gbs / 1000.0;
    c.cost_per_tbps_hour = c.price_per_hour / *c.effective_memory_tbps;
    c.full_card_cost_per_tbps_hour = c.price_per_hour / *c.full_memory_tbps;
  }
  return c;
}

json cost_json(const CostSummary& c) {
  json j = json::object();
  j["price_per_hour"] = c.price_per_hour;
  j["currency"] = c.currency;
  j["effective_bf16_pflops"] = c.effective_bf16_pflops;
  j["full_bf16_pflops"] = c.full_bf16_pflops;
  j["cost_per_pflop_hour"] = c.cost_per_pflop_hour;
  j["full_card_cost_per_pflop_hour"] = c.full_card_cost_per_pflop_hour;
  j["effective_memory_tbps"] = c.effective_memory_tbps;
  j["full_memory_tbps"] = c.full_memory_tbps;
  j["cost_per_tbps_hour"] = c.cost_per_tbps_hour;
  j["full_card_cost_per_tbps_hour"] = c.full_card_cost_per_tbps_hour;
  return j;
}

}  // namespace gpuaudit
