// libFuzzer target for the nvidia-smi-topo parser (parse_nvidia_smi_topo.cpp); seeds: tests/data/imports/nvidia-smi-topo/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-topo", data, size);
}
