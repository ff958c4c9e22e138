// Can this binary run its kernels on this card with this driver? One pure decision, tested as a
// table (driver CUDA version x runtime version x compute capability x archs in the binary).
//
// The rules (CUDA Compatibility guide and toolkit release notes):
// - a driver runs runtimes of its own CUDA major and older; within a major, a newer runtime runs
//   on an older driver (minor-version compatibility, CUDA 11.1+: 12.9 on a 12.2 driver, R525.60.13+),
//   but then the driver cannot JIT-compile that runtime's PTX;
// - a cubin for sm_XY runs on compute capability X.Y up to X.9 (never on another major);
//   an arch-specific cubin (sm_90a, sm_100a: wgmma, tcgen05) runs only on exactly X.Y;
// - PTX for compute_XY is JIT-compiled by the driver for any card of capability X.Y or newer;
// - CUDA 13 builds nothing below sm_75 (Turing); CUDA 12 nothing below sm_50 (Maxwell).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct BuildTargets {
  bool built_with_cuda = true;
  int runtime_version = 0;          // CUDART_VERSION, e.g. 13000 = 13.0
  std::vector<int> sass_archs;      // generic cubins: 60, 70, 75, 80, 86, 89, 90, 100, 120
  std::vector<int> ptx_archs;       // generic PTX, JIT-compiled on newer cards
  std::vector<int> specific_archs;  // sm_90a / sm_100a cubins (and their PTX): exactly that capability
  int ptx_cuda_version = 0;         // the CUDA release of the PTX ISA written (clang 19: 12050); 0 = runtime's
};

// Reads CMake's list as src/cuda/cuda_probe.cu receives it ("60-real,90a-real,90-virtual,120"):
// N-real is a cubin, N-virtual PTX, plain N both; an "a" suffix makes it arch-specific, an "f"
// (CUDA 12.9 family cubins) counts as generic.
void parse_cmake_archs(const std::string& csv, BuildTargets& out);

struct Usability {
  std::string state;    // ok | not-built | driver-too-old | no-kernel-image
  std::string message;  // one line: what was found, what is needed and how to get there ("" when ok by cubin)
  bool via_ptx_jit = false;
};

// driver_cuda: the CUDA version the driver supports (nvmlSystemGetCudaDriverVersion or
// cudaDriverGetVersion), e.g. 12020 for a 535 driver; nullopt when unknown (then only the
// architectures decide). driver_version: "535.183.01", for the message ("" when unknown).
Usability decide_usability(std::optional<int> driver_cuda, const BuildTargets& build, int cc_major,
                           int cc_minor, const std::string& driver_version = "");

// "12.2" from 12020.
std::string cuda_version_string(int v);

// The oldest Linux driver that runs a runtime of this CUDA major.minor (release notes, tables 2
// and 3): 13.x needs >= 580.65.06; 12.x >= 525.60.13 (minor-version compatibility); 11.x >= 450.80.02.
std::string min_driver_for(int runtime_version);

// What to type to get a build that runs on an older driver or card (README section "Running on
// older drivers and cards").
inline constexpr const char* kCuda12BuildCommand = "scripts/build/setup.sh --cuda12 && scripts/build/build-cuda12.sh";

}  // namespace gpuaudit
