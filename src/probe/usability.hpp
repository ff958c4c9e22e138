// Can this binary run its kernels on this card with this driver? One pure decision, tested as a
// table (driver CUDA version x runtime version x compute capability x archs in the binary).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct BuildTargets {
  bool built_with_cuda = true;
  int runtime_version = 0;      // CUDART_VERSION, e.g. 13000 = 13.0
  std::vector<int> sass_archs;  // 75, 80, 86, 89, 90, 100, 120 (90a counts as 90 on 9.0 only)
  std::vector<int> ptx_archs;
};

struct Usability {
  std::string state;    // ok | not-built | driver-too-old | no-kernel-image
  std::string message;  // one line; names what was found, what is needed and how to get there
  bool via_ptx_jit = false;
};

// driver_cuda: the CUDA version the driver supports (nvmlSystemGetCudaDriverVersion or
// cudaDriverGetVersion), e.g. 12020 for a 535 driver; nullopt when unknown.
Usability decide_usability(std::optional<int> driver_cuda, const BuildTargets& build, int cc_major,
                           int cc_minor);

// "12.2" from 12020.
std::string cuda_version_string(int v);

// The oldest Linux driver branch that supports a CUDA major.minor (from NVIDIA's CUDA toolkit
// release notes, table 3): 12.x needs >= 525.60.13 (minor-version compatibility), 13.x >= 580.
std::string min_driver_for(int runtime_version);

}  // namespace gpuaudit
