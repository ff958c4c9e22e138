// What two runs ran on. Hardware differences (GPU model, MIG profile, GPU count) make a comparison
// meaningless, so `compare` refuses them unless told otherwise; software differences (driver,
// CUDA, cuBLAS, NCCL, kernel) are what people look for when a figure moved, so they are listed first.
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

struct Difference {
  std::string what;  // "GPU model", "driver", "cuBLAS", ...
  std::string base;
  std::string next;
};

std::vector<Difference> hardware_differences(const ResultDocument& base, const ResultDocument& next);
std::vector<Difference> software_differences(const ResultDocument& base, const ResultDocument& next);

// "8x NVIDIA H100 80GB HBM3", "1x NVIDIA A100-SXM4-40GB (MIG 3g.20gb)", "no GPU"
std::string hardware_summary(const ResultDocument& doc);

// 12080 -> "12.8", 12090 -> "12.9", 13000 -> "13.0"
std::string cuda_version_text(int v);

}  // namespace gpuaudit
