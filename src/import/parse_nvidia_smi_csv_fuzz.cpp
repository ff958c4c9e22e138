// libFuzzer target for the nvidia-smi-csv parser (parse_nvidia_smi_csv.cpp); seeds: tests/data/imports/nvidia-smi-csv/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-csv", data, size);
}
