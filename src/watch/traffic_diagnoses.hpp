// Two limits outside the SMs that a job can hit, read from the watch's interval readings:
//   pcie-bound        the GPU's PCIe traffic one way came within kLinkShare of its link's rate
//                     (pcie_lane_gbs x the width it ran at) while the GPU was not busy, in at least
//                     kShare of the readings: the job waits on copies over the link (host-side
//                     batches, pageable memory, a link that trained narrow), not on the GPU.
//   video-engine-busy the NVDEC (or NVENC) engines at kEnginePct or more in at least kShare of the
//                     intervals: the job's decoding (or encoding) is at what the engines give; more
//                     engines (another model, a whole GPU rather than a MIG slice) or fewer streams.
// Both need enough readings to say a share (kMinReadings); each says its share of the run.
#pragma once

#include "watch/watch_record.hpp"

#include <optional>

namespace gpuaudit {

struct TrafficRules {
  double link_share = 0.7;   // of the link's rate one way
  double busy_pct = 85;      // a reading at or above it: the GPU itself was busy, not waiting on the link
  double engine_pct = 90;    // NVML's encoder/decoder utilisation that reads as at the limit
  double share = 0.2;        // of the readings
  int min_readings = 3;
};

std::optional<WatchDiagnosis> pcie_bound(const WatchGpuTimeline& g, const TrafficRules& rules = {});
std::optional<WatchDiagnosis> video_engine_busy(const WatchGpuTimeline& g, const TrafficRules& rules = {});

}  // namespace gpuaudit
