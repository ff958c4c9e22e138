// How GPU measurements are named inside Google Benchmark, and the --benchmark_filter that selects
// what `gpuaudit run --only ... --gpus ...` asked for. Kept here (plain C++) so it is unit-tested
// without Google Benchmark or a GPU.
//
//   hbm/copy on GPU 2          -> "hbm/copy/gpu:2"
//   pcie/h2d_all (all GPUs)    -> "pcie/h2d_all/gpu:all"
// Google Benchmark appends its own parts ("/iterations:1/manual_time"), which parsing ignores.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct GbenchName {
  std::string name;         // "hbm/copy"
  std::optional<int> gpu;   // null for all-GPU measurements
  bool operator==(const GbenchName&) const = default;
};

std::string registration_name(const std::string& name, std::optional<int> gpu);

// Null when `full` is not one of ours.
std::optional<GbenchName> parse_registration_name(const std::string& full);

// A POSIX extended regex (what Google Benchmark's filter speaks) matching exactly the registrations
// that `only` (name prefixes on '/' boundaries, as RunContext::selected) and `gpus` (indices;
// empty = all) select. All-GPU registrations match whenever their name does.
std::string gbench_filter(const std::vector<std::string>& only, const std::vector<int>& gpus);

}  // namespace gpuaudit
