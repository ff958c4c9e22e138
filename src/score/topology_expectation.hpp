// Multi-GPU rows (nccl/*, p2p/matrix) that carry no expectation of their own - an imported
// nccl-tests or p2pBandwidthLatencyTest output, an older gpuaudit document - get one at score
// time from the topology baselines (baselines/topologies/, src/multigpu/topology_baseline.hpp):
// the model's own board when its name is listed, else the generic PCIe profile of the GPUs'
// generation. Rows that stored one when they ran keep theirs.
#pragma once

#include "multigpu/topology_baseline.hpp"
#include "score/figures.hpp"
#include "score/gpu_scoring.hpp"

#include <vector>

namespace gpuaudit {

// Fills expected/ratio/state of every document-wide nccl/allreduce and one-way p2p/matrix figure
// of `shared` that has no ratio yet. nccl/allreduce is judged on its peak bus bandwidth for that
// GPU count; p2p/matrix on its weakest pair (against the across-socket figure when the profile
// has one and the pair's path is unknown, so a box whose pairs cross sockets is not called slow).
void expect_from_topology(std::vector<FigureScore>& shared, const std::vector<GpuScoring>& gpus,
                          const std::vector<multigpu::TopologyBaseline>& set, const Thresholds& t);

// The topology baselines installed with the per-model ones (default_topology_baselines_dir()),
// read once; empty when there are none.
const std::vector<multigpu::TopologyBaseline>& default_topology_baselines();

}  // namespace gpuaudit
