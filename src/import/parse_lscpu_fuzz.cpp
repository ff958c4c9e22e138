// libFuzzer target for the lscpu parser (parse_lscpu.cpp); seeds: tests/data/imports/lscpu/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("lscpu", data, size);
}
