// libFuzzer target for the kernel-log parser (parse_kernel_log.cpp); seeds: tests/data/imports/kernel-log/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("kernel-log", data, size);
}
