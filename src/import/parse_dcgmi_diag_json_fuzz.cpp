// libFuzzer target for the dcgmi-diag-json parser (parse_dcgmi_diag_json.cpp); seeds: tests/data/imports/dcgmi-diag-json/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("dcgmi-diag-json", data, size);
}
