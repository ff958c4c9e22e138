// libFuzzer target for the deviceQuery parser (parse_device_query.cpp); seeds: tests/data/imports/deviceQuery/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("deviceQuery", data, size);
}
