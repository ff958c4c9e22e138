// Copy bandwidth and latency between every ordered pair of GPUs, with peer access enabled
// (copies go straight over NVLink or PCIe) or disabled (the driver stages them through host
// memory): the gap between the two is what peer-to-peer is worth on this machine.
#pragma once

#include "multigpu/device_map.hpp"
#include "multigpu/rows.hpp"

#include <cstddef>
#include <vector>

namespace gpuaudit::multigpu {

struct P2pOptions {
  std::size_t bytes = std::size_t{64} << 20;  // per copy, for bandwidth
  int samples = 3;
  double target_sample_s = 10e-3;
  int latency_copies = 100;                   // 8-byte copies, back to back
};

// Every ordered pair of `gpus`; peer access is switched on for the pairs that allow it
// (peer_access = true) or off everywhere, and left off afterwards. Per-pair failures are
// recorded in PairCopy::error; a failure to allocate throws CudaError.
std::vector<PairCopy> measure_p2p(const std::vector<MappedGpu>& gpus, bool peer_access, const P2pOptions& o);

}  // namespace gpuaudit::multigpu
