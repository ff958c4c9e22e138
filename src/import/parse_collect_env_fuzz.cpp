// libFuzzer target for the collect_env parser (parse_collect_env.cpp); seeds: tests/data/imports/collect-env/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("collect-env", data, size);
}
