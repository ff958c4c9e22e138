// libFuzzer target for the nvidia-smi-mig parser (parse_nvidia_smi_mig.cpp); seeds: tests/data/imports/nvidia-smi-mig/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-mig", data, size);
}
