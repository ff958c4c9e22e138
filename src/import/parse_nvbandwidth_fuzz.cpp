// libFuzzer target for the nvbandwidth parser (parse_nvbandwidth.cpp); seeds: tests/data/imports/nvbandwidth/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvbandwidth", data, size);
}
