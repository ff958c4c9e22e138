// libFuzzer target for the nvidia-smi nvlink parser (parse_nvidia_smi_nvlink.cpp); seeds: tests/data/imports/nvidia-smi-nvlink/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-nvlink", data, size);
}
