// Measurement families: which benchmarks are judged together, how much a healthy card may stray
// from its reference (the default tolerance, with why), and how a MIG slice scales the reference.
#pragma once

#include "core/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// How the expectation of a full card becomes the expectation of a MIG slice (or of a card whose
// SM census is below its model).
enum class SliceScaling {
  compute,  // x slice SMs / full SMs: FMA, tensor and GEMM rates grow with SMs
  memory,   // x memory_slices / 8: a slice owns that share of the memory controllers and L2
  none,     // not sliced: PCIe link, launch latency, host figures
};

struct Family {
  std::string id;               // "hbm", "gemm", ...
  double default_tolerance;     // relative: 0.10 = a healthy card lands within +-10%
  SliceScaling scaling;
  bool key;                     // judged for `healthy` (every key figure must be within tolerance)
  const char* why;              // why this tolerance (docs/scoring.md repeats it)
};

// The family of a benchmark name ("hbm/copy" -> "hbm"; "sm/fp32" -> "sm-rate"). Unknown names get
// the "other" family (not key, +-25%, not scaled).
const Family& family_of(std::string_view benchmark);

// Every family, for documentation and for validating a thresholds file.
const std::vector<Family>& all_families();

// Groups of figures the verdict rules reason about: the figure catalogue's groups
// (core/figure_catalogue.cpp), in its order.
// Dense tensor compute: what a training or inference job mostly runs.
const std::vector<std::string>& tensor_figures();
// Vector (CUDA-core) compute.
const std::vector<std::string>& vector_figures();
// Device memory bandwidth.
const std::vector<std::string>& memory_figures();
// Host link copies (pinned: the link's own speed, not the host's memcpy).
const std::vector<std::string>& pcie_link_figures();
// The benchmarks that load the card hard enough for power and heat to bite.
bool is_heavy_benchmark(std::string_view benchmark);

// A p2p/matrix row measured with peer access off: the copies are staged through host memory
// (GPU -> host -> GPU), so they measure the host's memory path and PCIe links, not what joins the
// GPUs, and vary with the platform's memory. Shown, never a verdict on the GPU fabric.
bool is_staged_peer_copy(const BenchmarkResult& b);

}  // namespace gpuaudit
