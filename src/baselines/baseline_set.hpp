// The set of per-model baselines (baselines/*.json), where to find it, how to check it, and how
// to find the baseline for one GPU of a result document. Format and matching rules:
// docs/baselines.md.
#pragma once

#include "baselines/baseline.hpp"
#include "baselines/vgpu_profile.hpp"
#include "core/result.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

struct BaselineSet {
  std::string version;              // baselines/VERSION, e.g. "2026.11.30"; "unversioned" without it
  std::vector<Baseline> models;     // sorted by id
  std::filesystem::path dir;        // where it was loaded from (for messages)

  // By id ("h100-sxm5-80gb"), else by model ("H100 SXM5 80GB"), else by an nvidia-smi name,
  // all case-insensitive; nullptr when none.
  const Baseline* find(std::string_view id_or_name) const;
};

// Reads every *.json in `dir` (not recursive) and the VERSION file. Throws input_error naming the
// file for an unreadable folder, invalid JSON, a file that is not a baseline (wrong types, no id,
// id different from the file name). Semantic problems are check_baselines' job, not the loader's.
BaselineSet load_baselines(const std::filesystem::path& dir);

// One baseline from its JSON; `origin` names it in the error message.
Baseline parse_baseline(const json& j, const std::string& origin);

// The first that exists of: $GPUAUDIT_BASELINES, <exe dir>/../share/gpuaudit/baselines (an
// installed binary), GPUAUDIT_SOURCE_DIR/baselines (a build tree). Throws input_error when none.
std::filesystem::path default_baselines_dir();

// Everything wrong with the set, one line each, "<id>: <problem>"; empty when it is sound.
std::vector<std::string> check_baselines(const BaselineSet& set);

// Which baseline a GPU is judged against, and how sure we are.
struct BaselineMatch {
  // The model matched. For "architecture-fallback": the reference model of that architecture the
  // expectations were scaled from (use effective() for the scaled ones), nullptr where the
  // architecture has no reference model and the estimate comes from per-SM rates alone.
  // matched() is false only when nothing matched and nothing was estimated.
  const Baseline* baseline = nullptr;
  // The MIG profile of the slice (pointer into baseline->mig_profiles); nullptr for a full card or
  // a profile the baseline does not list (then `note` says so).
  const MigProfile* mig_profile = nullptr;
  // "pci-id" | "name+memory" | "name" | "vgpu-profile" | "name-prefix" | "name-prefix+memory" |
  // "architecture-fallback" | "none". "name-prefix": the name ends in "..." (the plain nvidia-smi
  // table cut it) and exactly one model's name starts with it (and fits the memory, when known);
  // a cut name that fits several models matches none ("none", the note lists them).
  // "vgpu-profile": the name is a vGPU profile ("NVIDIA A10-24Q") and `baseline` its parent board
  // (found by PCI id or by the board code): the GPU is a vGPU, time-sliced (or MIG-backed) and
  // so shared whatever the figures say.
  std::string method = "none";
  std::string note;  // plain words: why this match, what is uncertain about it
  // The name ends in "..." and more than one real model prints it so: no model can be picked.
  bool cut_name_ambiguous = false;
  // Several models fit what the card says of itself (its PCI id, board code or name) and nothing it
  // says tells them apart, or its memory fits none of them: `baseline` is the first of them, and a
  // figure that differs between them (the TDP) is not known to be this board's.
  bool model_ambiguous = false;
  // Only for "architecture-fallback": a baseline built for this card from the reference model,
  // per-SM figures scaled by SM count.
  std::optional<Baseline> synthesized;
  // The vGPU profile of the name, with memory_fraction = profile GB / board GB once the board is
  // known. Set whenever the name is a profile, also when no board matched.
  std::optional<VgpuProfile> vgpu;

  bool matched() const { return baseline != nullptr || synthesized.has_value(); }
  // The baseline to score against: the synthesized one for a fallback, else *baseline.
  // Precondition: matched().
  const Baseline& effective() const { return synthesized ? *synthesized : *baseline; }
};

// PCI device id first (several boards share one: then nvidia-smi name and memory decide), then
// name + memory, then name alone; a MIG slice is matched to its parent model and its profile; a
// vGPU profile name to its parent board; an unknown card gets its architecture's per-SM
// expectations (compute capability from the document, else from the name's family). Never throws.
BaselineMatch match_baseline(const BaselineSet& set, const GpuInfo& gpu);

// Helpers for scoring a MIG slice against its parent model.
// Fraction of the parent's SMs in the slice (null when the profile's SM count is unknown).
std::optional<double> mig_sm_fraction(const Baseline& parent, const MigProfile& profile);
// Fraction of the parent's memory bandwidth the slice gets: memory_slices / 8.
double mig_memory_fraction(const MigProfile& profile);

// "NVIDIA A100-SXM4-80GB MIG 1g.10gb" -> "NVIDIA A100-SXM4-80GB"; other names unchanged.
std::string strip_mig_suffix(const std::string& name);

}  // namespace gpuaudit
