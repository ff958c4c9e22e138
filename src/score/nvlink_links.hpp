// How many NVLink links a model has and what one carries, from its baseline: the nvlink rule
// counts links against it, and the topology expectation of a bridged or meshed pair is built on it.
#pragma once

#include "baselines/baseline.hpp"

namespace gpuaudit {

// NVLink generation by compute capability: 6.x -> 1, 7.x -> 2, 8.x -> 3, 9.x -> 4, 10+ -> 5; 0 unknown.
int nvlink_generation_of(const Baseline& b);

// One link's bandwidth, both directions, GB/s: NVIDIA's per-GPU totals over each generation's link
// count (P100 160/4, V100 300/6, A100 600/12, H100 900/18, B200 1800/18), and GA102's four
// half-width NVLink 3 links (compute capability 8.6: RTX 3090, A40, RTX A6000 - 112.5/4).
double nvlink_gbs_per_link(const Baseline& b);

// The baseline's "nvlink_links" when it gives one, else its NVLink GB/s over one link's; 0 when the
// model has no NVLink.
int expected_nvlink_links(const Baseline& b);

}  // namespace gpuaudit
