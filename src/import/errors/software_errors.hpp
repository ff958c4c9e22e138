// What a tool prints when something stops it before or while it uses the GPU: the software stack
// (the driver older than the program's CUDA runtime, the kernel module and the user-space driver
// different, the fabric manager of an NVSwitch box not running, the driver not loaded, a build
// without code for this GPU), the card itself (an uncorrectable ECC error, the GPU lost, its
// infoROM corrupted), a vGPU without its licence, or the program's own error. Every tool
// (bandwidthTest, nccl-tests, gpu-burn, dcgmi, nvidia-smi, a framework's traceback) prints the same
// CUDA / NVML / nvidia-smi messages, so the catalogues (import/cuda_errors.hpp: every cudaError_t
// and CUresult from the CUDA headers; import/nvml_errors.hpp: every nvmlReturn_t and nvidia-smi's
// own messages) recognise them in any imported file, whatever its format, and each carries the
// class it is evidence of. An output that holds only such an error is evidence, not a file to refuse.
#pragma once

#include "core/json.hpp"
#include "import/errors/error_meaning.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports {

struct SoftwareError {
  std::string kind;        // driver-too-old | driver-library-mismatch | fabric-manager | driver-not-loaded | no-device |
                           // devices-unavailable | cuda-init-failed | driver-firmware-missing | no-kernel-image |
                           // ecc-uncorrectable | gpu-lost | gpu-unreachable | inforom-corrupted | vgpu-unlicensed |
                           // program-error | ... (the catalogues' kinds)
  std::string cls;         // software | gpu-fault | memory-degraded | nvlink-degraded | sliced | no-peer-access |
                           // program | unknown
  std::string confidence;  // of the finding it supports ("" for program / unknown)
  std::string meaning;     // one sentence: what it means and what fixes it
  std::string text;        // the line as printed (trimmed, at most 300 characters)
  std::string source;      // which catalogue entry: "cudaError_t 214 cudaErrorECCUncorrectable", "nvidia-smi: ... (NVML_ERROR_GPU_IS_LOST)"
  std::string reference;   // NVIDIA's words for it: the header's comment ("driver_types.h: ...", "nvml.h: ...")
  std::string gpu;         // the PCI bus id the line names ("0000:0b:00.0"), "" when it names none
  std::string file;
  int line = 0;
};

// Every recognised line of `text` (at most 20: a log that repeats one error per GPU says it once
// per kind, GPU and line).
std::vector<SoftwareError> find_software_errors(std::string_view text, const std::string& file);

// For a text nothing else in it was read from (no output, no error of the catalogues): its first
// line that speaks of the GPU ("nvidia", "cuda", "gpu", "nvml", "nccl"), as an entry of class
// `unknown` and kind "gpu-log", so an application log about the GPU is judged inconclusive with
// that line quoted rather than refused as foreign; nullopt when no line does.
std::optional<SoftwareError> gpu_mention(std::string_view text, const std::string& file);

// Whether the class is evidence about the machine (software, gpu-fault, memory-degraded,
// nvlink-degraded, sliced, no-peer-access), not the program's own error or an unknown one.
bool machine_class(const std::string& cls);

json software_error_json(const SoftwareError& e);

// Where the importer keeps them: doc.extra["software_errors"], an array of software_error_json.
inline constexpr const char* kSoftwareErrorsKey = "software_errors";

}  // namespace gpuaudit::imports
