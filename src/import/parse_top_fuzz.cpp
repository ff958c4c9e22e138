// libFuzzer target for the top parser (parse_top.cpp); seeds: tests/data/imports/top/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("top", data, size);
}
