// libFuzzer target for the prometheus-metrics parser (parse_prometheus_metrics.cpp); seeds: tests/data/imports/prometheus-metrics/.
#include "import/fuzz_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return gpuaudit::imports::fuzz_format("prometheus-metrics", data, size);
}
