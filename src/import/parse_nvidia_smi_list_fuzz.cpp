// libFuzzer target for the nvidia-smi -L parser (parse_nvidia_smi_list.cpp); seeds: tests/data/imports/nvidia-smi-list/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-list", data, size);
}
