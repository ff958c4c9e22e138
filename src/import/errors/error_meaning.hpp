// What an error message printed by the software stack (CUDA, NVML, nvidia-smi, the kernel driver)
// is evidence of: the class of finding it supports and why. Shared by the catalogues
// (import/cuda_errors.hpp, import/nvml_errors.hpp, import/driver_messages.hpp) and
// import/software_errors.hpp, which finds their messages in any imported text.
#pragma once

#include <string>

namespace gpuaudit::imports {

// The classes, as finding ids of docs/scoring.md, plus `program` (the program's own error: not a
// fault of the machine; a note) and `unknown` (says something failed, not what: a note).
inline constexpr const char* kClassSoftware = "software";
inline constexpr const char* kClassGpuFault = "gpu-fault";
inline constexpr const char* kClassMemory = "memory-degraded";
inline constexpr const char* kClassNvlink = "nvlink-degraded";
inline constexpr const char* kClassSliced = "sliced";
inline constexpr const char* kClassNoPeer = "no-peer-access";
inline constexpr const char* kClassWrongResults = "wrong-results";
inline constexpr const char* kClassProgram = "program";
inline constexpr const char* kClassUnknown = "unknown";

struct ErrorMeaning {
  std::string cls = kClassProgram;  // one of the classes above
  std::string kind;                 // short id: driver-too-old, fabric-manager, gpu-lost, ecc-uncorrectable, ...
  std::string confidence;           // high | medium | low ("" for program / unknown)
  std::string meaning;              // one sentence: what it means and what the person renting the GPU does
};

}  // namespace gpuaudit::imports
