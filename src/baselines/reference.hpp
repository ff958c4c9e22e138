// What one GPU is scored against: the matched baseline (or, for an unknown card, one synthesized
// from its architecture), the MIG profile of a slice, and how the match was made. Scoring takes
// it by value so it never depends on who owns the baseline set.
#pragma once

#include "baselines/baseline.hpp"
#include "baselines/vgpu_profile.hpp"
#include "core/result.hpp"

#include <functional>
#include <optional>
#include <string>

namespace gpuaudit {

struct GpuReference {
  std::optional<Baseline> baseline;       // null: nothing to compare with
  std::optional<MigProfile> mig_profile;  // the slice's profile, when the baseline lists it
  // pci-id | name+memory | name | vgpu-profile | architecture-fallback | none. "vgpu-profile": the
  // name is a vGPU profile of the matched board: the GPU is a (time-sliced or MIG-backed) vGPU.
  std::string method = "none";
  std::optional<VgpuProfile> vgpu_profile;  // the vGPU profile of the name, with its memory share
  std::string note;                       // why this match, what is uncertain about it
  bool cut_name_ambiguous = false;        // a name the table cut that several real models print
  bool model_ambiguous = false;           // several models fit and nothing tells them apart (BaselineMatch)

  // True when the card is not a model we know: either nothing matched or the expectations were
  // built from its architecture's per-SM figures.
  bool unknown_model() const { return !baseline || method == "architecture-fallback" || method == "none"; }
};

// Finds the reference of one GPU of a document.
using ReferenceLookup = std::function<GpuReference(const GpuInfo&)>;

}  // namespace gpuaudit
