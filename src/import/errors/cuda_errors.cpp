// What each CUDA error code is evidence of (import/cuda_errors.hpp). Most cudaError_t codes report
// a program's own misuse of the API or its own bug (an invalid argument, an illegal address, a
// launch that failed): they say nothing about the machine, and a program is not the card, so they
// are `program` (a note) unless a kernel-log Xid in the same files names the card. The codes below
// name the machine instead, each for its whole class (docs/scoring.md §5): the software stack
// (driver older than the runtime or the PTX, the module/library mismatch, the fabric manager not
// running, no kernel image for this GPU's architecture, MPS), the card (an uncorrectable ECC or
// NVLink error), peer access the GPUs do not have (no-peer-access), a vGPU without its licence
// (sliced), or a failure whose cause the code does not
// say (`unknown`: an unknown error, a contained error).
#include "import/errors/cuda_errors.hpp"

#include "text/strings.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace gpuaudit::imports {

namespace {

struct CudaClassRule {
  const char* name;  // cudaError_t enumerator
  const char* cls;
  const char* kind;
  const char* confidence;
  const char* meaning;
};

constexpr const char* kNoDevice =
    "CUDA sees no GPU: the driver is not loaded, the devices are not passed into the container (--gpus), or "
    "CUDA_VISIBLE_DEVICES hides them";

constexpr std::array kRules = std::to_array<CudaClassRule>({
    {"cudaErrorInitializationError", kClassSoftware, "cuda-init-failed", "high",
     "CUDA could not initialise the driver: the nvidia or nvidia-uvm module is not loaded, the container lacks /dev/nvidia*, or "
     "the driver is in a bad state after an Xid (nvidia-smi and dmesg tell which)"},
    {"cudaErrorStubLibrary", kClassSoftware, "driver-stub", "high",
     "the program loaded the CUDA toolkit's stub libcuda instead of the driver's: the driver's libraries are missing (a "
     "container without the NVIDIA runtime) or LD_LIBRARY_PATH puts the stubs folder first"},
    {"cudaErrorInsufficientDriver", kClassSoftware, "driver-too-old", "high", kDriverOlderThanRuntime},
    {"cudaErrorCallRequiresNewerDriver", kClassSoftware, "driver-too-old", "medium",
     "the program calls a CUDA function the installed driver is too old for: update the driver"},
    {"cudaErrorDevicesUnavailable", kClassSoftware, "devices-unavailable", "high",
     "the GPUs are in exclusive-process or prohibited compute mode and another process holds them"},
    {"cudaErrorNoDevice", kClassSoftware, "no-device", "high", kNoDevice},
    {"cudaErrorDeviceNotLicensed", kClassSliced, "vgpu-unlicensed", "high",
     "this is a vGPU without a valid licence: NVIDIA's vGPU software restricts an unlicensed vGPU (CUDA refused here); ask the "
     "provider to license it or for another instance"},
    {"cudaErrorSoftwareValidityNotEstablished", kClassSoftware, "cuda-integrity", "medium",
     "the CUDA runtime's self-tests failed: a damaged or mixed CUDA install"},
    {"cudaErrorStartupFailure", kClassSoftware, "cuda-startup", "medium", "the CUDA runtime failed to start: a broken CUDA or driver install"},
    {"cudaErrorNoKernelImageForDevice", kClassSoftware, "no-kernel-image", "high",
     "the program was built without code for this GPU's architecture (its compute capability): install a build that includes it "
     "(a newer framework wheel, or TORCH_CUDA_ARCH_LIST / -gencode with this GPU's sm_XX)"},
    // "invalid device function": driver_types.h's own comment, "The requested device function does not
    // exist or is not compiled for the proper device architecture" - before CUDA 9 (error 8 then) it
    // was how a build without this GPU's architecture failed at its first kernel; a program that
    // launches what is no kernel gets it too, hence medium.
    {"cudaErrorInvalidDeviceFunction", kClassSoftware, "no-kernel-image", "medium",
     "the kernel the program launched has no code for this GPU's architecture (older CUDA said so this way; a build that "
     "includes this GPU's sm_XX fixes it), or the program launched a function that is no kernel"},
    // "device kernel image is invalid": the module's code cannot be loaded on this GPU - built for
    // another architecture, or by a toolchain newer than the driver's (XLA prints it after "ptxas
    // does not support CC"). A program's own damaged fatbin says the same, hence medium.
    {"cudaErrorInvalidKernelImage", kClassSoftware, "kernel-image-invalid", "medium",
     "the program's GPU code could not be loaded on this GPU: most often built for another architecture or by a newer CUDA "
     "than the driver's (a build for this GPU, or a newer driver, fixes it)"},
    {"cudaErrorInvalidPtx", kClassSoftware, "ptx-jit-failed", "medium",
     "the driver could not compile the program's PTX for this GPU: most often a driver older than the CUDA that built it"},
    {"cudaErrorJitCompilerNotFound", kClassSoftware, "ptx-jit-missing", "medium",
     "the driver's PTX JIT compiler library is missing: an incomplete driver install or a container without it"},
    {"cudaErrorUnsupportedPtxVersion", kClassSoftware, "driver-too-old", "high",
     "the program's PTX was compiled by a newer CUDA than this driver supports: update the driver, or use a build with code for this GPU"},
    {"cudaErrorOperatingSystem", kClassSoftware, "cuda-os-call", "low", "an operating-system call CUDA needs failed or is not supported here"},
    {"cudaErrorSystemNotReady", kClassSoftware, "fabric-manager", "high",
     "CUDA cannot start (error 802, system not yet initialized): on an NVSwitch system the NVIDIA fabric manager is not running or "
     "does not match the driver; elsewhere a driver service CUDA needs is not running or the driver has not finished starting "
     "(reload the driver or reboot)"},
    {"cudaErrorSystemDriverMismatch", kClassSoftware, "driver-library-mismatch", "high",
     "the CUDA driver library and the kernel module differ: reboot after a driver upgrade or reinstall the driver"},
    {"cudaErrorCompatNotSupportedOnDevice", kClassSoftware, "forward-compat-unsupported", "high",
     "the CUDA forward-compatibility package (cuda-compat) was used on a GPU it does not support (it is for data-centre GPUs): "
     "remove it from the library path, or update the driver instead"},
    {"cudaErrorMpsConnectionFailed", kClassSoftware, "mps", "medium", "the MPS client could not reach the MPS daemon or server"},
    {"cudaErrorMpsRpcFailure", kClassSoftware, "mps", "medium", "the MPS server and client could not talk"},
    {"cudaErrorMpsServerNotReady", kClassSoftware, "mps", "medium", "the MPS server is not ready for new clients"},
    {"cudaErrorMpsMaxClientsReached", kClassSoftware, "mps", "medium", "the MPS server has no room for another client: the GPU is shared"},
    {"cudaErrorMpsMaxConnectionsReached", kClassSoftware, "mps", "medium", "the MPS server has no room for another connection: the GPU is shared"},
    {"cudaErrorMpsClientTerminated", kClassSoftware, "mps", "medium", "the MPS server terminated this client"},
    {"cudaErrorECCUncorrectable", kClassMemory, "ecc-uncorrectable", "high",
     "the GPU reported an uncorrectable ECC memory error to the program: stop work on this GPU; it needs a reset or a reboot, and "
     "the card a check if it repeats; ask the provider for another instance"},
    {"cudaErrorNvlinkUncorrectable", kClassNvlink, "nvlink-uncorrectable", "medium",
     "an uncorrectable NVLink error stopped the program: multi-GPU work over NVLink may fail; ask the provider to reset the GPUs "
     "or for another instance"},
    {"cudaErrorPeerAccessUnsupported", kClassNoPeer, "peer-access-unsupported", "high",
     "the GPUs cannot access each other's memory directly (peer access not supported between them): multi-GPU traffic is "
     "staged through host memory"},
    {"cudaErrorContained", kClassUnknown, "contained-error", "",
     "an error the GPU contained: an invalid access of a peer GPU's memory over NVLink (the program's) or a hardware error; the "
     "kernel log's Xid (94, 95, 137) says which"},
    {"cudaErrorUnknown", kClassUnknown, "cuda-unknown", "", "CUDA reported an unknown internal error"},
    {"cudaErrorExternalDevice", kClassUnknown, "external-device", "", "an error in a device outside CUDA (a NIC, for example)"},
    {"cudaErrorNotPermitted", kClassUnknown, "not-permitted", "", "the operation is not permitted here (on a vGPU or in a container, often by design)"},
    {"cudaErrorNotSupported", kClassUnknown, "not-supported", "",
     "the operation is not supported on this system or device (on a vGPU: unified memory or profiling not enabled for its profile)"},
});

std::string_view without_trailing(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '.' || s.back() == '\'' || s.back() == '"'))
    s.remove_suffix(1);
  return s;
}

// A cudaError_t name in CUresult's spelling: "cudaErrorInsufficientDriver" -> "CUDA_ERROR_INSUFFICIENT_DRIVER",
// "cudaErrorECCUncorrectable" -> "CUDA_ERROR_ECC_UNCORRECTABLE" (a word starts at a capital after a small
// letter, or at the last capital of a run of capitals before a small letter).
std::string in_driver_spelling(std::string_view runtime_name) {
  constexpr std::string_view kPrefix = "cudaError";
  if (runtime_name.substr(0, kPrefix.size()) != kPrefix) return {};
  const std::string_view rest = runtime_name.substr(kPrefix.size());
  std::string out = "CUDA_ERROR";
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const auto up = [&](std::size_t k) { return std::isupper(static_cast<unsigned char>(rest[k])) != 0; };
    const bool starts_word = up(i) && (i == 0 || !up(i - 1) || (i + 1 < rest.size() && !up(i + 1)));
    if (starts_word) out += '_';
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(rest[i])));
  }
  return out;
}

}  // namespace

const CudaErrorCode* cuda_error_named(std::string_view name) {
  for (auto table : {cuda_runtime_errors(), cuda_driver_errors()})
    for (const auto& c : table)
      if (name == c.name) return &c;
  // Tools that wrap the runtime often spell its codes the driver API's way, for names cuda.h does not
  // have (Ollama's and others' "CUDA_ERROR_INSUFFICIENT_DRIVER" for cudaErrorInsufficientDriver, 35).
  if (name.substr(0, 11) == "CUDA_ERROR_")
    for (const auto& c : cuda_runtime_errors())
      if (in_driver_spelling(c.name) == name) return &c;
  return nullptr;
}

const CudaErrorCode* cuda_runtime_error(int number) {
  for (const auto& c : cuda_runtime_errors())
    if (c.number == number) return &c;
  return nullptr;
}

const CudaErrorCode* cuda_driver_error(int number) {
  for (const auto& c : cuda_driver_errors())
    if (c.number == number) return &c;
  return nullptr;
}

const CudaErrorCode* cuda_error_with_message(std::string_view message) {
  const std::string m = lower(without_trailing(message));
  if (m.empty()) return nullptr;
  for (const auto& c : cuda_runtime_errors())
    if (*c.message && lower(without_trailing(c.message)) == m) return &c;
  return nullptr;
}

ErrorMeaning cuda_error_meaning(const CudaErrorCode& code) {
  // A CUresult is classed as the cudaError_t of its number.
  const CudaErrorCode* runtime = std::string_view(code.name).rfind("CUDA_", 0) == 0 ? cuda_runtime_error(code.number) : &code;
  if (runtime)
    for (const auto& r : kRules)
      if (std::string_view(r.name) == runtime->name) return ErrorMeaning{r.cls, r.kind, r.confidence, r.meaning};
  const std::string what = runtime && *runtime->message ? runtime->message : code.comment;
  return ErrorMeaning{kClassProgram, "program-error", "",
                      "the program's own error (" + what + "), not evidence against the machine unless the kernel log shows an Xid with it"};
}

}  // namespace gpuaudit::imports
