// libFuzzer target for the lspci parser (parse_lspci.cpp); seeds: tests/data/imports/lspci/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("lspci", data, size);
}
