// libFuzzer target for the iostat parser (parse_iostat.cpp); seeds: tests/data/imports/iostat/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("iostat", data, size);
}
