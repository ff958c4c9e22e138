// The share of a full card this GPU is: a MIG slice owns some SMs and some of the eight memory
// slices; a card whose SM census is below its model owns fewer SMs. Expectations are scaled by
// this share so the verdict rules judge the slice for what it is, and the delivered fraction is
// then taken against the full card.
#pragma once

#include "core/result.hpp"
#include "score/reference.hpp"

#include <optional>
#include <string>

namespace gpuaudit {

struct SliceShare {
  std::string kind = "full";     // full | mig | census (SM count below the model, no MIG)
  double sm_fraction = 1.0;      // slice SMs / full SMs
  double memory_fraction = 1.0;  // memory_slices / 8
  std::optional<int> slice_sms;  // SMs this GPU has (MIG profile, census or reported count)
  std::optional<int> full_sms;   // SMs of the model
  std::optional<int> memory_slices;  // of 8, on a MIG slice
  std::string profile;           // "3g.40gb" on a MIG slice
  std::optional<double> profile_memory_gib;
  std::string note;              // how the share was found, what is uncertain
  bool uncertain = false;

  bool sliced() const { return kind != "full"; }
};

// The census is the "sm/census" figure of this GPU when the document has one.
SliceShare slice_share(const ResultDocument& doc, const GpuInfo& gpu, const GpuReference& ref);

}  // namespace gpuaudit
