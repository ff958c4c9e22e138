// libFuzzer target for the nvidia-smi-pmon parser (parse_nvidia_smi_pmon.cpp); seeds: tests/data/imports/nvidia-smi-pmon/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-pmon", data, size);
}
