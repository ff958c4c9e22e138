// libFuzzer target for the nvidia-smi-vgpu parser (parse_nvidia_smi_vgpu.cpp); seeds: tests/data/imports/nvidia-smi-vgpu/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-vgpu", data, size);
}
