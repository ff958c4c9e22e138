// The MIG profile of a slice that names none (the plain nvidia-smi table's MIG devices and -q
// before 590 print a GPU instance's memory and its compute instance's SMs, never "2g.20gb"), read
// off the parent model's profile table (baselines/*.json `mig_profiles`, taken from NVIDIA's MIG
// user guide "Supported MIG Profiles" tables and real `nvidia-smi mig -lgip` outputs; each profile
// cites its source there). Only an unambiguous match is returned: which profile a size is depends on
// the board (a 60-SM 39.5 GiB instance is 3g.40gb on an H100 SXM5, no profile on an A100), so no
// guess is made across models or from the memory alone.
#pragma once

#include "baselines/baseline.hpp"
#include "core/result.hpp"

#include <optional>
#include <string>

namespace gpuaudit {

struct InferredMigProfile {
  const MigProfile* profile = nullptr;  // into baseline.mig_profiles
  std::string note;                     // how it was told apart, for the finding's evidence
};

// nullopt unless `gpu` is a MIG device without a profile name, with an SM count and a memory size,
// and exactly one of `b`'s profiles has that SM count and that memory (the -lgip GiB within 0.25
// GiB, else the name's GB within 10%; a "+me" profile has its base profile's memory); a profile and
// its "+me" twin (same SMs and memory) are told apart by the OFA the slice reports (+me owns the
// optical-flow engine, the plain 1g profile none), and stay ambiguous without it. A compute
// instance smaller than its GPU instance reports fewer SMs than any profile: no match.
std::optional<InferredMigProfile> infer_mig_profile(const Baseline& b, const GpuInfo& gpu);

}  // namespace gpuaudit
