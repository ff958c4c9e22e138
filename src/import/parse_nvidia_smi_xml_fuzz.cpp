// libFuzzer target for the nvidia-smi-xml parser (parse_nvidia_smi_xml.cpp); seeds: tests/data/imports/nvidia-smi-xml/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-xml", data, size);
}
