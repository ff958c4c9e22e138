#include "core/figure_catalogue.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace gpuaudit {
namespace {

using Entry = CatalogueEntry;

constexpr bool kHigher = true, kLower = false;

// A figure gpuaudit knows the unit and direction of, and no baseline expects per model.
constexpr FigureSpec measured(std::string_view unit, bool higher) { return {unit, higher, false, {}, kNoGroup}; }

// A figure each model's baseline expects a value of, bounded by `peak` (a datasheet field) if any.
constexpr FigureSpec expected(std::string_view unit, bool higher, std::string_view peak = {}, unsigned groups = kNoGroup) {
  return {unit, higher, true, peak, groups};
}

constexpr std::array kEntries{
    // GPU benchmarks (benchmarks/*.cpp registrations)
    Entry{"sm/census", expected("count", kHigher)},
    Entry{"sm/fp32", expected("TFLOP/s", kHigher, "fp32_tflops", kVectorGroup).in_fleet_report(5)},
    Entry{"sm/fp64", expected("TFLOP/s", kHigher, "fp64_tflops", kVectorGroup).in_fleet_report(6)},
    Entry{"sm/int32", expected("TOP/s", kHigher, {}, kVectorGroup)},
    Entry{"sm/launch", expected("us", kLower)},
    Entry{"sm/launch_sync", expected("us", kLower).in_fleet_report(14)},
    Entry{"sm/contention", measured("us", kLower).taking(RunTime::kFixedKernel)},
    Entry{"tensor/mma_fp16", expected("TFLOP/s", kHigher, "fp16_tensor_tflops", kTensorGroup)},
    Entry{"tensor/mma_bf16", expected("TFLOP/s", kHigher, "bf16_tensor_tflops", kTensorGroup)},
    Entry{"gemm/fp16", expected("TFLOP/s", kHigher, "fp16_tensor_tflops", kTensorGroup)
          .taking(RunTime::kShapeSearch).in_fleet_report(2)},
    Entry{"gemm/bf16", expected("TFLOP/s", kHigher, "bf16_tensor_tflops", kTensorGroup)
          .taking(RunTime::kShapeSearch).in_check().in_fleet_report(1)},
    Entry{"gemm/tf32", expected("TFLOP/s", kHigher, "tf32_tensor_tflops", kTensorGroup)
          .taking(RunTime::kShapeSearch).in_fleet_report(4)},
    Entry{"gemm/fp8", expected("TFLOP/s", kHigher, "fp8_tensor_tflops", kTensorGroup)
          .taking(RunTime::kShapeSearch).in_fleet_report(3)},
    Entry{"hbm/read", expected("GB/s", kHigher, "memory_bandwidth_gbs", kMemoryGroup).taking(RunTime::kLargeArrays)},
    Entry{"hbm/write", expected("GB/s", kHigher, "memory_bandwidth_gbs", kMemoryGroup).taking(RunTime::kLargeArrays)},
    Entry{"hbm/copy", expected("GB/s", kHigher, "memory_bandwidth_gbs", kMemoryGroup)
          .taking(RunTime::kLargeArrays).in_check().in_fleet_report(7)},
    Entry{"hbm/triad", expected("GB/s", kHigher, "memory_bandwidth_gbs", kMemoryGroup)
          .taking(RunTime::kLargeArrays).in_fleet_report(8)},
    Entry{"l2/read", expected("GB/s", kHigher).in_fleet_report(9)},
    Entry{"pcie/h2d_pinned", expected("GB/s", kHigher, {}, kPcieLinkGroup).in_check().in_fleet_report(10)},
    Entry{"pcie/d2h_pinned", expected("GB/s", kHigher, {}, kPcieLinkGroup).in_fleet_report(11)},
    Entry{"pcie/bidir_pinned", expected("GB/s", kHigher, {}, kPcieLinkGroup)},
    Entry{"pcie/h2d_pageable", expected("GB/s", kHigher).taking(RunTime::kPageable)},
    Entry{"pcie/d2h_pageable", expected("GB/s", kHigher).taking(RunTime::kPageable)},
    Entry{"pcie/bidir_pageable", expected("GB/s", kHigher).taking(RunTime::kPageable)},
    Entry{"pcie/h2d_pinned_remote", expected("GB/s", kHigher)},
    Entry{"pcie/h2d_all", measured("GB/s", kHigher).in_fleet_report(12)},
    Entry{"mem/allocatable", expected("GiB", kHigher).taking(RunTime::kFillCard)},
    // host checks (src/host/*_check.cpp)
    Entry{"host/cpu_single", measured("Mops/s", kHigher).in_fleet_report(15)},
    Entry{"host/cpu_all", measured("Mops/s", kHigher)},
    Entry{"host/decode_single", measured("images/s", kHigher)},
    Entry{"host/decode_all", measured("images/s", kHigher)},
    Entry{"host/membw", measured("GB/s", kHigher).in_fleet_report(16)},
    Entry{"host/steal", measured("%", kLower).in_fleet_report(17)},
    Entry{"host/iowait", measured("%", kLower)},
    Entry{"host/disk_seq_read", measured("MB/s", kHigher)},
    Entry{"host/disk_rand_read", measured("IOPS", kHigher)},
    // multi-GPU rows (src/multigpu/rows.cpp) and the tools that write the same names
    Entry{"p2p/matrix", measured("GB/s", kHigher)},
    Entry{"p2p/latency", measured("us", kLower)},
    Entry{"nccl/allreduce", expected("GB/s", kHigher).in_fleet_report(13)},  // the collectives gpuaudit runs
    Entry{"nccl/allgather", expected("GB/s", kHigher)},
    Entry{"nccl/reducescatter", expected("GB/s", kHigher)},
    Entry{"nccl/alltoall", expected("GB/s", kHigher)},
    Entry{"nccl/", measured("GB/s", kHigher)},  // and any an imported nccl-tests run names
    // importers' fixed names
    Entry{"bandwidthTest/", measured("GB/s", kHigher)},
    Entry{"gpu_burn/gflops", measured("GFLOP/s", kHigher)},
    Entry{"gpu_burn/errors", measured("count", kLower)},
};

// Families whose members keep their tool's own units, so they have no entry above: what NVML
// recorded during a figure (telemetry/), the soak's series, the watched job's (watch/: its metric is
// in the job's own unit), and the tools' own figures.
constexpr std::array<std::string_view, 5> kFamiliesWithoutSpec{"telemetry", "soak", "watch", "nvbandwidth", "dcgm"};

}  // namespace

std::span<const CatalogueEntry> figure_catalogue() { return kEntries; }

std::vector<std::string> figures_in_group(FigureGroup group) {
  std::vector<std::string> out;
  for (const Entry& e : kEntries)
    if (e.spec.groups & group) out.emplace_back(e.name);
  return out;
}

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

const std::vector<std::string>& fleet_report_figures() {
  static const std::vector<std::string> names = [] {
    std::vector<const Entry*> in;
    for (const Entry& e : kEntries)
      if (e.spec.fleet_column > 0) in.push_back(&e);
    std::sort(in.begin(), in.end(), [](const Entry* a, const Entry* b) { return a->spec.fleet_column < b->spec.fleet_column; });
    std::vector<std::string> out;
    for (const Entry* e : in) out.emplace_back(e->name);
    return out;
  }();
  return names;
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
