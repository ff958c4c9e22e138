// The one line a person reads first:
//   "NVIDIA H100 80GB HBM3 — sliced: MIG 3g.40gb, 60 of 132 SMs; delivers 47% of a full card"
// The most important finding leads (order: wrong-results, unknown-gpu, sliced, power-capped,
// thermal-throttled, clock-limited, sustained-drop, straggler, memory-degraded, pcie-degraded, no-nvlink, nvlink-degraded, numa-misplaced,
// host-bound, software), the other finding ids follow as "also ...".
#pragma once

#include "score/gpu_scoring.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// Lower is more important; "healthy" and unknown ids come last.
int finding_priority(const std::string& id);

// `gpu_state` says why a document has no GPU ("no-driver: ..."); unused when it has some.
std::string headline(const std::vector<GpuScoring>& gpus, const std::vector<Verdict>& doc_verdicts,
                     std::optional<double> delivered, const std::string& gpu_state = "");

}  // namespace gpuaudit
