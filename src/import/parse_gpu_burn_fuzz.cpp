// libFuzzer target for the gpu-burn parser (parse_gpu_burn.cpp); seeds: tests/data/imports/gpu-burn/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("gpu-burn", data, size);
}
