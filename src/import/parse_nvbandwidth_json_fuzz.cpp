// libFuzzer target for the nvbandwidth-json parser (parse_nvbandwidth_json.cpp); seeds: tests/data/imports/nvbandwidth-json/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvbandwidth-json", data, size);
}
