#include "core/figure_catalogue.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace gpuaudit {
namespace {

struct Entry {
  std::string_view name;  // exact, or a family when it ends in '/'
  FigureSpec spec;
};

constexpr bool kHigher = true, kLower = false;

constexpr std::array kEntries{
    // GPU benchmarks (benchmarks/*.cpp registrations)
    Entry{"sm/census", {"count", kHigher}},
    Entry{"sm/fp32", {"TFLOP/s", kHigher}},
    Entry{"sm/fp64", {"TFLOP/s", kHigher}},
    Entry{"sm/int32", {"TOP/s", kHigher}},
    Entry{"sm/launch", {"us", kLower}},
    Entry{"sm/launch_sync", {"us", kLower}},
    Entry{"sm/contention", {"us", kLower}},
    Entry{"tensor/mma_fp16", {"TFLOP/s", kHigher}},
    Entry{"tensor/mma_bf16", {"TFLOP/s", kHigher}},
    Entry{"gemm/fp16", {"TFLOP/s", kHigher}},
    Entry{"gemm/bf16", {"TFLOP/s", kHigher}},
    Entry{"gemm/tf32", {"TFLOP/s", kHigher}},
    Entry{"gemm/fp8", {"TFLOP/s", kHigher}},
    Entry{"hbm/read", {"GB/s", kHigher}},
    Entry{"hbm/write", {"GB/s", kHigher}},
    Entry{"hbm/copy", {"GB/s", kHigher}},
    Entry{"hbm/triad", {"GB/s", kHigher}},
    Entry{"l2/read", {"GB/s", kHigher}},
    Entry{"pcie/h2d_pinned", {"GB/s", kHigher}},
    Entry{"pcie/d2h_pinned", {"GB/s", kHigher}},
    Entry{"pcie/bidir_pinned", {"GB/s", kHigher}},
    Entry{"pcie/h2d_pageable", {"GB/s", kHigher}},
    Entry{"pcie/d2h_pageable", {"GB/s", kHigher}},
    Entry{"pcie/bidir_pageable", {"GB/s", kHigher}},
    Entry{"pcie/h2d_pinned_remote", {"GB/s", kHigher}},
    Entry{"pcie/h2d_all", {"GB/s", kHigher}},
    Entry{"mem/allocatable", {"GiB", kHigher}},
    // host checks (src/host/*_check.cpp)
    Entry{"host/cpu_single", {"Mops/s", kHigher}},
    Entry{"host/cpu_all", {"Mops/s", kHigher}},
    Entry{"host/decode_single", {"images/s", kHigher}},
    Entry{"host/decode_all", {"images/s", kHigher}},
    Entry{"host/membw", {"GB/s", kHigher}},
    Entry{"host/steal", {"%", kLower}},
    Entry{"host/iowait", {"%", kLower}},
    Entry{"host/disk_seq_read", {"MB/s", kHigher}},
    Entry{"host/disk_rand_read", {"IOPS", kHigher}},
    // multi-GPU rows (src/multigpu/rows.cpp) and the tools that write the same names
    Entry{"p2p/matrix", {"GB/s", kHigher}},
    Entry{"p2p/latency", {"us", kLower}},
    Entry{"nccl/", {"GB/s", kHigher}},
    // importers' fixed names
    Entry{"bandwidthTest/", {"GB/s", kHigher}},
    Entry{"gpu_burn/gflops", {"GFLOP/s", kHigher}},
    Entry{"gpu_burn/errors", {"count", kLower}},
};

// Families whose members keep their tool's own units, so they have no entry above: what NVML
// recorded during a figure (telemetry/), the soak's series, and the tools' own figures.
constexpr std::array<std::string_view, 4> kFamiliesWithoutSpec{"telemetry", "soak", "nvbandwidth", "dcgm"};

}  // namespace

const std::vector<std::string>& figure_families() {
  static const std::vector<std::string> families = [] {
    std::vector<std::string> out;
    auto add = [&](std::string_view name) {
      const std::string family(name.substr(0, name.find('/')));
      if (std::find(out.begin(), out.end(), family) == out.end()) out.push_back(family);
    };
    for (const Entry& e : kEntries) add(e.name);
    for (const std::string_view f : kFamiliesWithoutSpec) add(f);
    return out;
  }();
  return families;
}

std::optional<FigureSpec> figure_spec(std::string_view name) {
  for (const Entry& e : kEntries) {
    const bool family = !e.name.empty() && e.name.back() == '/';
    if (family ? name.size() > e.name.size() && name.substr(0, e.name.size()) == e.name : name == e.name) return e.spec;
  }
  return std::nullopt;
}

std::optional<bool> unit_direction(std::string_view unit) {
  for (const std::string_view u : {"GB/s", "TB/s", "MB/s", "TFLOP/s", "GFLOP/s", "TOP/s", "Mops/s", "IOPS", "images/s", "GiB"})
    if (unit == u) return true;
  for (const std::string_view u : {"ns", "us", "ms", "s"})
    if (unit == u) return false;
  return std::nullopt;
}

std::optional<bool> known_direction(const BenchmarkResult& row) {
  if (const auto spec = figure_spec(row.name)) return spec->higher_is_better;
  return unit_direction(row.unit);
}

}  // namespace gpuaudit
