#include "score/baseline_lookup.hpp"

namespace gpuaudit {

GpuReference reference_for(const BaselineSet& set, const GpuInfo& gpu) {
  const BaselineMatch m = match_baseline(set, gpu);
  GpuReference r;
  r.method = m.method;
  r.note = m.note;
  r.cut_name_ambiguous = m.cut_name_ambiguous;
  r.model_ambiguous = m.model_ambiguous;
  if (m.matched()) r.baseline = m.effective();
  if (m.mig_profile) r.mig_profile = *m.mig_profile;
  r.vgpu_profile = m.vgpu;
  return r;
}

ReferenceLookup reference_lookup(const BaselineSet& set) {
  return [&set](const GpuInfo& gpu) { return reference_for(set, gpu); };
}

}  // namespace gpuaudit
