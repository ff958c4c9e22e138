// libFuzzer target for the p2pBandwidthLatencyTest parser (parse_p2p_latency.cpp); seeds: tests/data/imports/p2pBandwidthLatencyTest/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("p2pBandwidthLatencyTest", data, size);
}
