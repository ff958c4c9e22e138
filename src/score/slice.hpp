// The share of a full card this GPU is: a MIG slice owns some SMs and some of the eight memory
// slices; a time-sliced vGPU sees every SM and its profile's share of the framebuffer, and shares
// the board in time; a card whose SM census is below its model owns fewer SMs. Expectations are scaled by
// this share so the verdict rules judge the slice for what it is, and the delivered fraction is
// then taken against the full card.
#pragma once

#include "core/result.hpp"
#include "baselines/reference.hpp"

#include <optional>
#include <string>

namespace gpuaudit {

struct SliceShare {
  // full | mig | census (SM count below the model, no MIG). A time-sliced vGPU is "full" (it sees
  // every SM; the rules read "full" + sliced as time-shared) with vgpu_profile set and
  // memory_fraction its framebuffer share; a MIG-backed vGPU is "mig".
  std::string kind = "full";
  double sm_fraction = 1.0;      // slice SMs / full SMs
  // memory_slices / 8 on a MIG slice; on a time-sliced vGPU the profile's framebuffer share
  // (profile GB / board GB): a full board holds 1/memory_fraction such vGPUs sharing its SMs and
  // memory bandwidth in time.
  double memory_fraction = 1.0;
  std::optional<int> slice_sms;  // SMs this GPU has (MIG profile, census or reported count)
  std::optional<int> full_sms;   // SMs of the model
  std::optional<int> memory_slices;  // of 8, on a MIG slice
  std::string profile;           // "3g.40gb" on a MIG slice, "A10-24Q" on a vGPU
  std::string vgpu_profile;      // the vGPU profile ("A10-24Q", "H100XM-1-10C"); "" when not a vGPU or unnamed
  std::optional<double> profile_memory_gib;
  std::string note;              // how the share was found, what is uncertain
  bool uncertain = false;

  bool sliced() const { return kind != "full"; }
};

// The census is the "sm/census" figure of this GPU when the document has one.
SliceShare slice_share(const ResultDocument& doc, const GpuInfo& gpu, const GpuReference& ref);

}  // namespace gpuaudit
