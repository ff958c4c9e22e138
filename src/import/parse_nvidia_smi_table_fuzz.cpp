// libFuzzer target for the plain nvidia-smi table parser (parse_nvidia_smi_table.cpp); seeds: tests/data/imports/nvidia-smi-table/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-table", data, size);
}
