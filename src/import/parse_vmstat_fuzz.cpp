// libFuzzer target for the vmstat parser (parse_vmstat.cpp); seeds: tests/data/imports/vmstat/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("vmstat", data, size);
}
