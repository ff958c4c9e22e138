#include "benchmarks/registry.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {
std::vector<GpuBenchmark>& storage() {
  static std::vector<GpuBenchmark> all;
  return all;
}
}  // namespace

RegisterGpuBenchmark::RegisterGpuBenchmark(GpuBenchmark b) { storage().push_back(std::move(b)); }

std::vector<GpuBenchmark> gpu_benchmarks() {
  std::vector<GpuBenchmark> out = storage();
  std::stable_sort(out.begin(), out.end(), [](const GpuBenchmark& a, const GpuBenchmark& b) {
    return a.order != b.order ? a.order < b.order : a.info.name < b.info.name;
  });
  return out;
}

}  // namespace gpuaudit
