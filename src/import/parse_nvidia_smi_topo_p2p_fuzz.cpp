// libFuzzer target for the nvidia-smi topo -p2p parser (parse_nvidia_smi_topo_p2p.cpp); seeds: tests/data/imports/nvidia-smi-topo-p2p/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("nvidia-smi-topo-p2p", data, size);
}
