// The bridge from the baseline set (src/baselines/) to scoring: each GPU's match becomes the
// GpuReference scoring takes, a copy, so the set need not outlive the assessment.
#pragma once

#include "baselines/baseline_set.hpp"
#include "baselines/reference.hpp"

namespace gpuaudit {

GpuReference reference_for(const BaselineSet& set, const GpuInfo& gpu);

// A lookup over `set`, which must outlive the returned function.
ReferenceLookup reference_lookup(const BaselineSet& set);

}  // namespace gpuaudit
