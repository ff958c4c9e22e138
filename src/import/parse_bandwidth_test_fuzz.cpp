// libFuzzer target for the bandwidthTest parser (parse_bandwidth_test.cpp); seeds: tests/data/imports/bandwidthTest/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("bandwidthTest", data, size);
}
