// The catalogue's messages that a program, library or tool prints in its own words, each with the kind
// it means and its source cited beside it (software_messages.cpp); software_errors.cpp finds them in a
// line. Four tables: the driver's and its installers' words for a broken install, a program's words
// for seeing no GPU (medium), a build or toolchain without code for the GPU (and other version
// checks), and a library built without CUDA.
#pragma once

#include <span>

namespace gpuaudit::imports {

struct DriverMessage {
  const char* needle;  // lower case
  const char* kind;
  const char* source;
  const char* meaning;
};

std::span<const DriverMessage> driver_messages();    // the driver's and its installers' words: high
std::span<const DriverMessage> no_gpu_messages();    // a program sees no GPU: medium, kProgramSeesNoGpu
std::span<const DriverMessage> build_messages();     // a build, toolchain or library of another version: high
std::span<const DriverMessage> cpu_only_messages();  // a library built without CUDA: high

inline constexpr const char* kProgramSeesNoGpu =
    "the program sees no NVIDIA GPU: the devices are not passed into the container (docker --gpus all) or VM, the driver "
    "is not loaded, or CUDA_VISIBLE_DEVICES hides them";

}  // namespace gpuaudit::imports
