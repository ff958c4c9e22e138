// Every nvmlReturn_t code (NVML's nvml.h) with the text nvmlErrorString() returns for it, which
// nvidia-smi prints after its own words ("Failed to initialize NVML: Driver/library version
// mismatch", "Unable to determine the device handle for GPU 0000:0B:00.0: Unknown Error"), and
// nvidia-smi's own messages ("No devices were found", "NVIDIA-SMI has failed because it couldn't
// communicate with the NVIDIA driver", "infoROM is corrupted at gpu ..."), each with what it is
// evidence of. The texts come from NVIDIA's own copy of nvmlErrorString's table in DCGM
// (sdk/nvidia/nvml/nvml_error_strings.h, NVIDIA/DCGM at 779120f4) where it has one; the codes and
// comments from nvml.h (tests/unit/import/errors/nvml_errors_test.cpp compares the table with the header
// both ways).
#pragma once

#include "import/errors/error_meaning.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace gpuaudit::imports {

struct NvmlReturnCode {
  int number = 0;
  const char* name = "";     // NVML_ERROR_GPU_IS_LOST
  const char* text = "";     // nvmlErrorString(): "GPU is lost" ("" where NVIDIA publishes none)
  const char* comment = "";  // nvml.h's comment on the enumerator
  // What the code says about the GPU nvidia-smi could not reach ("Unable to determine the device
  // handle for GPU ...: <text>"), and about the machine when NVML itself could not start
  // ("Failed to initialize NVML: <text>").
  const char* gpu_class = kClassUnknown;
  const char* init_class = kClassUnknown;
  const char* kind = "";
  const char* confidence = "";
  const char* meaning = "";
  const char* init_meaning = "";  // when NVML could not start, where that differs from `meaning`
};

std::span<const NvmlReturnCode> nvml_return_codes();
const NvmlReturnCode* nvml_code_with_text(std::string_view text);  // case-insensitive, ignoring a trailing '.'

// One of nvidia-smi's messages anywhere in `line` (or an NVML binding's words for a code: go-nvml's
// "could not load NVML library" and ERROR_<NAME>, pynvml's NVMLError_<CodeName>), with the class it is evidence of;
// `gpu` is the PCI bus id it names ("" if none).
struct SmiMessage {
  ErrorMeaning meaning;
  std::string gpu;
  std::string source;     // "nvidia-smi: Unable to determine the device handle (NVML_ERROR_GPU_IS_LOST)"
  std::string reference;  // NVIDIA's words: nvml.h's comment on the code
};
std::optional<SmiMessage> nvidia_smi_message(std::string_view line);

// The first PCI bus id in `text` ("0000:3b:00.0", "00000000:3B:00.0", "0000:03:00"), lower-case
// with a 4-digit domain; "" if none.
std::string first_bus_id(std::string_view text);

}  // namespace gpuaudit::imports
