// NVIDIA vGPU profile names as a guest's nvidia-smi prints them: "NVIDIA A10-24Q", "GRID T4-8Q",
// "NVIDIA H100XM-80C" (time-sliced: <board>-<framebuffer GB><type>) and "NVIDIA H100XM-1-10C"
// (MIG-backed: <board>-<compute slices>-<GB><type>). The type letter is the licence class:
// Q virtual workstation, C compute, B virtual PC, A virtual applications. The board part is
// NVIDIA's vGPU board code, which for some boards differs from the card's own name (H100XM is
// the H100 SXM5 80GB, A100DX the A100 SXM4 80GB); see docs/baselines.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit {

struct VgpuProfile {
  std::string name;        // "A10-24Q", the profile without the "NVIDIA "/"GRID " prefix
  std::string board;       // "A10", the vGPU board code
  double memory_gb = 0;    // framebuffer of the profile (the "-0Q"/"-0B" profiles are 0.5 GB)
  char type = 'Q';         // Q | C | B | A
  // MIG-backed profiles only: the compute slices and the MIG profile they stand for ("1g.10gb").
  std::optional<int> mig_compute_slices;
  std::string mig_profile;
  // memory_gb / the board's marketed memory, once the board is known (match_baseline fills it).
  std::optional<double> memory_fraction;

  bool mig_backed() const { return mig_compute_slices.has_value(); }
  // "virtual workstation" for Q, ...
  std::string type_words() const;
};

// The profile in a device name, or nullopt for a name that is not a vGPU profile (MIG slice
// names, "NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB": the suffix must be digits followed by
// exactly one of Q, C, B, A and nothing else).
std::optional<VgpuProfile> parse_vgpu_profile(std::string_view name);

// The baseline id a vGPU board code stands for where the code is not the card's own name
// ("H100XM" -> "h100-sxm5-80gb"); "" where the code is the name (A10, T4, L40S: match it by name)
// or names a board the set does not hold.
std::string vgpu_board_baseline_id(std::string_view board);

}  // namespace gpuaudit
