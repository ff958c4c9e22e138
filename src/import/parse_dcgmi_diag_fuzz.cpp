// libFuzzer target for the dcgmi-diag parser (parse_dcgmi_diag.cpp); seeds: tests/data/imports/dcgmi-diag/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("dcgmi-diag", data, size);
}
