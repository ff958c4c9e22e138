// libFuzzer target for the mpstat parser (parse_mpstat.cpp); seeds: tests/data/imports/mpstat/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("mpstat", data, size);
}
