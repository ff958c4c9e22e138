#include "benchmarks/framework/registry.hpp"

#include "core/figure_catalogue.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace gpuaudit {

namespace {
std::vector<GpuBenchmark>& storage() {
  static std::vector<GpuBenchmark> all;
  return all;
}
}  // namespace

RegisterGpuBenchmarks::RegisterGpuBenchmarks(std::initializer_list<GpuBenchmarkRow> rows) {
  for (const GpuBenchmarkRow& row : rows) {
    const auto spec = figure_spec(row.name);
    if (!spec) {
      std::fprintf(stderr, "gpuaudit: internal error: benchmark %.*s has no entry in src/core/figure_catalogue.cpp\n",
                   static_cast<int>(row.name.size()), row.name.data());
      std::abort();
    }
    BenchmarkInfo info{std::string(row.name), std::string(spec->unit), spec->higher_is_better};
    storage().push_back({std::move(info), row.order, row.full_only, row.all_gpus, row.run});
  }
}

std::vector<GpuBenchmark> gpu_benchmarks() {
  std::vector<GpuBenchmark> out = storage();
  std::stable_sort(out.begin(), out.end(), [](const GpuBenchmark& a, const GpuBenchmark& b) {
    return a.order != b.order ? a.order < b.order : a.info.name < b.info.name;
  });
  return out;
}

}  // namespace gpuaudit
