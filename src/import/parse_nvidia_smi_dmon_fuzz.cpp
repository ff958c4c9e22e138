// libFuzzer target for the nvidia-smi-dmon parser (parse_nvidia_smi_dmon.cpp); seeds: tests/data/imports/nvidia-smi-dmon/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-dmon", data, size);
}
