// libFuzzer target for the dcgmi nvlink parser (parse_dcgmi_nvlink.cpp); seeds: tests/data/imports/dcgmi-nvlink/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("dcgmi-nvlink", data, size);
}
