// Rows that share a name but measure different things — an allreduce in bf16 in place over 8 GPUs
// and one in float over 4, a p2p matrix with peer access on and off — are told apart by their
// parameters wherever a figure is shown (the run table) or looked up across runs (compare).
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

// " bf16 in-place", " peer off", " float 2 nodes"; empty for a figure with one variant.
std::string figure_variant(const BenchmarkResult& b);
// "x8" for a row over several GPUs (gpu null, params.gpus); empty otherwise.
std::string figure_gpu_count(const BenchmarkResult& b);
// name + variant + " x8": unique per measured thing within one document.
std::string figure_label(const BenchmarkResult& b);

}  // namespace gpuaudit
