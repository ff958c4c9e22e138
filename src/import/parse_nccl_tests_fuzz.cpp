// libFuzzer target for the nccl-tests parser (parse_nccl_tests.cpp); seeds: tests/data/imports/nccl-tests/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nccl-tests", data, size);
}
