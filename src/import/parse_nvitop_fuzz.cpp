// libFuzzer target for the nvitop parser (parse_nvitop.cpp); seeds: tests/data/imports/nvitop/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvitop", data, size);
}
