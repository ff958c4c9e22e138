// What `watch` concludes about the job from its record: each diagnosis with its evidence and the
// share of the run it covers. docs/watch.md states each rule and why its threshold holds for the
// whole class of jobs, not one case.
//   busy        a GPU the job used was busy (a kernel running) at least kBusyShare of the run.
//   starved     a GPU the job used was busy less than that: the intervals it idled are read for
//               the host's cause, in this order: steal (the hypervisor took the CPUs), swap (memory
//               pressure), iowait (the CPUs waited on storage), network (the busier direction at
//               kNetLinkShare of the link's rate), cpu-saturated (every CPU busy),
//               one-core (the job ran on about one core of several: a single-threaded input
//               pipeline), else unseen (network, locks or the job's own pauses: nothing the host
//               counters show).
//   throttled   in the intervals a GPU was busy, power or heat held its clocks for a kThrottleShare.
//   shared      another process held a compute context on a watched GPU (watch/gpu_tenants.hpp).
//   pcie-bound, video-engine-busy  the link or the video engines at their limit (watch/traffic_diagnoses.hpp).
//   numa-far    the job ran on another NUMA node than its GPUs' (watch/numa_placement.hpp).
//   idle-gpu    a GPU the job left idle while it used others.
//   no-gpu-work every GPU stayed idle the whole run.
//   slowed-down the job's metric in its last third fell below kSlowdownRatio of its first third.
//   host        information, always: the job's CPU cores and the host's busy, steal and iowait shares
//               over the run (with no GPU read, the only diagnosis).
#pragma once

#include "watch/watch_record.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct WatchRules {
  double used_util_pct = 5;     // a GPU with mean utilisation below it was not used by the job
  double busy_share = 0.85;     // at or above: busy; below: starved
  double idle_point_pct = 50;   // an interval with mean utilisation below it is an idle one
  double steal_pct = 10;        // mean steal in the idle intervals that names the hypervisor
  double swap_in_per_s = 10;    // pages swapped in per second that name memory pressure
  double iowait_pct = 20;       // mean iowait that names storage
  double net_link_share = 0.7;  // the network's busier direction, of its link's rate, that names it
  double cpu_saturated_pct = 90;
  double one_core_low = 0.85, one_core_high = 1.15;  // the job's CPU cores that read as "one core"
  double throttle_share = 0.2;  // of the busy intervals
  double slowdown_ratio = 0.85;
};

std::vector<WatchDiagnosis> diagnose_watch(const WatchRecord& r, const WatchRules& rules = {});

// $ per 1M units of the metric at its median rate, and at a GPU busy the whole run; nullopt
// without a price or a metric.
std::optional<WatchCost> watch_cost(const WatchRecord& r, double price_per_hour, const std::string& currency,
                                    const WatchRules& rules = {});

// The mean utilisation of a timeline as a share (0..1); nullopt without samples.
std::optional<double> busy_share(const WatchGpuTimeline& g);

}  // namespace gpuaudit
