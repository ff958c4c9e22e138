// The processes on the watched GPUs, whose they are, and the `shared` diagnosis: another process
// held a compute context on a GPU the job used. NVML lists every process with a context on a GPU
// by its id in the host's PID namespace; the job's own are its process tree, each by its id here
// and in the host's namespace (host/pid_namespace.hpp), so the split holds inside a container too.
//   shared (before-the-job)  a process not of the job's tree was on the GPU when the watch began,
//                            before the job could open a context: another tenant of the card (a
//                            second user's job, a forgotten notebook kernel). It takes GPU memory
//                            all the time and SM time whenever it runs: time-slicing, not MIG.
//   shared (appeared)        one appeared during the run outside the job's tree: another tenant, or
//                            the job's own work started through something outside its tree (docker
//                            run, a server the job calls). Said, not judged.
// Graphics-only processes (a display server) are listed in the record and never make `shared`; a
// process with only a video encoder session open ("E", probe/gpu_processes.hpp) does: it shares
// the GPU's NVENC engines, which the process lists alone would miss.
#pragma once

#include "core/result.hpp"
#include "watch/watch_record.hpp"

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace gpuaudit {

// Each process of the job's trees (HostCounters::job_pids) with its id in the host's PID namespace,
// the one NVML names it by (its own where /proc gives no other): one read of /proc/PID/status each.
std::map<pid_t, std::int64_t> job_host_ids(const std::vector<pid_t>& tree);

// Every id the job's processes have, in this PID namespace and in the host's (job_host_ids).
std::set<std::int64_t> job_process_ids(const std::map<pid_t, std::int64_t>& host_ids);

// Adds what NVML listed on the timeline's GPU at `t_s` to its processes (one more interval for a
// process seen before); `job` is job_process_ids of the moment.
void note_gpu_processes(WatchGpuTimeline& g, const std::vector<GpuProcess>& listed, const std::set<std::int64_t>& job,
                        double t_s);

// The `shared` diagnosis of a GPU (above); nullopt when only the job's processes and graphics ones
// were listed on it.
std::optional<WatchDiagnosis> shared_gpu(const WatchGpuTimeline& g);

}  // namespace gpuaudit
