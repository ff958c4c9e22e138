// What a healthy card of a GPU's model delivers in a report figure, from the model's baseline:
// the mark on the HTML report's bars that shows a short bar as short (a MIG slice, a capped card)
// even when every group of the fleet is short alike.
#pragma once

#include "core/result.hpp"
#include "baselines/reference.hpp"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace gpuaudit {

class HealthyReference {
 public:
  explicit HealthyReference(ReferenceLookup lookup) : lookup_(std::move(lookup)) {}

  // The baseline's expectation of `figure` in `unit` for the model of `gpu` — the full card, also
  // for a MIG slice of it, since that is what the slice is compared with. Nullopt for a model no
  // baseline names (an estimate from the architecture is no healthy card), another unit, or a
  // figure the baseline does not list. Safe to call from the report's reading threads: matches are
  // cached per model, so 100,000 documents of one model match once.
  std::optional<double> of(const GpuInfo& gpu, const std::string& figure, const std::string& unit) const;

 private:
  ReferenceLookup lookup_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::map<std::string, std::pair<double, std::string>>> by_model_;
};

}  // namespace gpuaudit
