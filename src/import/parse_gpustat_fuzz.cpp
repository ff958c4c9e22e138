// libFuzzer target for the gpustat parser (parse_gpustat.cpp); seeds: tests/data/imports/gpustat/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("gpustat", data, size);
}
