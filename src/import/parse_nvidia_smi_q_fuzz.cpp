// libFuzzer target for the nvidia-smi-q parser (parse_nvidia_smi_q.cpp); seeds: tests/data/imports/nvidia-smi-q/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-q", data, size);
}
