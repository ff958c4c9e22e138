// What `gpuaudit watch -- CMD` stores in the result document under extra["watch"]: the job's
// command and exit, one timeline point per host interval (the host's CPU, steal, iowait, memory and
// disk; the job's own CPU), per GPU the same intervals folded from NVML samples taken ten times
// as often, the job's own throughput read from its output, and the diagnoses made from all of it.
#pragma once

#include "core/json.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// Where one of the job's processes last ran, on a host of several NUMA nodes.
struct WatchProcessPlace {
  std::int64_t pid = 0;  // as NVML names it: the host PID namespace's id where /proc says it
  int node = 0;          // the NUMA node of the CPU it last ran on
};
GA_JSON_VALUE(WatchProcessPlace, pid, node)

struct WatchHostPoint {
  double t_s = 0;  // seconds since the job started, at the end of the interval
  std::optional<double> cpu_busy_pct;   // every CPU: user+nice+system+irq+softirq
  std::optional<double> busiest_core_pct;  // the busiest one CPU's busy share: one thread at its limit reads ~100
  std::optional<int> run_queue;         // threads runnable at the interval's end (/proc/stat procs_running)
  std::optional<double> steal_pct;      // the hypervisor's share
  std::optional<double> iowait_pct;
  std::optional<double> job_cpu_cores;  // the job's process tree: CPU seconds per second
  std::optional<int> job_threads;
  std::optional<int> job_processes;
  std::optional<double> mem_available_pct;
  std::optional<double> swap_in_per_s;  // pages swapped in per second (/proc/vmstat pswpin)
  std::optional<double> disk_read_mbps;  // whole disks, all of them
  std::optional<double> disk_write_mbps;
  std::optional<double> disk_iops;       // reads + writes completed per second
  std::optional<double> net_rx_mbps;     // MB/s received and sent through the counted interfaces
  std::optional<double> net_tx_mbps;     // (watch/host_counters.hpp counted_interfaces)
  std::vector<WatchProcessPlace> job_places;  // where each job process last ran (empty on one node)
  json extra;
};
GA_JSON_TYPE(WatchHostPoint, t_s, cpu_busy_pct, busiest_core_pct, run_queue, steal_pct, iowait_pct, job_cpu_cores,
             job_threads, job_processes, mem_available_pct, swap_in_per_s, disk_read_mbps, disk_write_mbps, disk_iops,
             net_rx_mbps, net_tx_mbps, job_places)

// One GPU over one interval, from the NVML samples taken in it.
struct WatchGpuPoint {
  double t_s = 0;
  int samples = 0;
  std::optional<double> util_pct;      // mean: the share of the interval a kernel ran
  std::optional<double> util_min_pct;  // with util_max_pct: a saw-tooth shows as a wide spread
  std::optional<double> util_max_pct;
  std::optional<double> sm_clock_mhz;  // median
  std::optional<double> mem_clock_mhz;
  std::optional<double> power_w;       // median
  std::optional<double> temperature_c;  // max
  std::vector<std::string> reasons;    // clock-event reasons seen, "gpu-idle" left out
  std::optional<int> pcie_gen, pcie_width;  // the link's lowest in the interval
  // Read once at the interval's end (telemetry/nvml_reading.hpp GpuIntervalReading); the PCIe
  // traffic only at some intervals (one GPU's per interval, in turn).
  std::optional<double> memory_used_gib;
  std::optional<double> encoder_pct, decoder_pct;
  std::optional<double> pcie_tx_gbs, pcie_rx_gbs;  // GB/s from / to the GPU, over NVML's 20 ms
  json extra;
};
GA_JSON_TYPE(WatchGpuPoint, t_s, samples, util_pct, util_min_pct, util_max_pct, sm_clock_mhz, mem_clock_mhz, power_w,
             temperature_c, reasons, pcie_gen, pcie_width, memory_used_gib, encoder_pct, decoder_pct, pcie_tx_gbs, pcie_rx_gbs)

// A process NVML listed on a GPU during the watch (read once per host interval).
struct WatchGpuProcess {
  std::int64_t pid = 0;  // as NVML names it: the id in the host's PID namespace
  std::string name;      // from /proc, where this process shares that namespace ("" elsewhere)
  std::string type;      // C (compute), G (graphics), C+G
  bool job = false;      // the watched job's own: a process of its tree, by either namespace's id
  double first_t_s = 0, last_t_s = 0;
  int intervals = 0;     // host intervals it was listed in
  std::optional<std::uint64_t> max_memory_bytes;
  json extra;
};
GA_JSON_TYPE(WatchGpuProcess, pid, name, type, job, first_t_s, last_t_s, intervals, max_memory_bytes)

struct WatchGpuTimeline {
  int gpu = 0;
  std::string name;
  std::optional<double> power_limit_w;
  std::optional<double> sm_max_mhz;
  std::optional<int> numa_node;  // the GPU's (sysfs), where the host has several
  std::vector<WatchGpuPoint> points;
  std::vector<WatchGpuProcess> processes;  // empty where NVML's process lists were not read
  json extra;
};
GA_JSON_TYPE(WatchGpuTimeline, gpu, name, power_limit_w, sm_max_mhz, numa_node, points, processes)

struct WatchMetricPoint {
  double t_s = 0;
  double value = 0;
};
GA_JSON_VALUE(WatchMetricPoint, t_s, value)

// One conclusion about the job (watch/diagnose.hpp says each rule).
struct WatchDiagnosis {
  std::string id;  // busy | starved | throttled | shared | pcie-bound | video-engine-busy | numa-far | idle-gpu | slowed-down | no-gpu-work | host
  std::optional<int> gpu;
  std::string cause;    // starved: steal | iowait | swap | cpu-saturated | one-core | unseen; throttled: power | thermal | other
  std::string summary;  // one line
  std::vector<std::string> evidence;
  double share = 0;  // of the run it covers, 0..1
  json extra;
};
GA_JSON_TYPE(WatchDiagnosis, id, gpu, cause, summary, evidence, share)

struct WatchCost {
  double price_per_hour = 0;
  std::string currency;
  std::string unit;                     // what the metric counts: "tokens", "images", "it"
  double units_per_s = 0;               // median of the metric over the run
  double per_million_units = 0;         // price of 1M units at that rate
  std::optional<double> at_full_busy;   // the same, had the GPU been busy the whole run
  json extra;
};
GA_JSON_TYPE(WatchCost, price_per_hour, currency, unit, units_per_s, per_million_units, at_full_busy)

struct WatchRecord {
  std::vector<std::string> command;
  std::optional<int> attached_pid;     // --pid: a process already running, watched until it ended or Ctrl-C
  std::vector<int> attached_pids;      // every one when several were watched as one job (--pid A --pid B, --all-gpu-processes)
  bool still_running = false;          // attached: watching stopped while the process ran on
  std::string started_utc;
  double elapsed_s = 0;
  bool finished = false;               // false in a checkpoint written while the job ran
  std::optional<int> exit_code;        // the job's, 128+N when signal N ended it
  std::optional<std::string> signal;   // "SIGKILL" when a signal ended it
  double host_interval_s = 0.5;
  double gpu_interval_s = 0.1;
  std::optional<int> vcpus;            // CPUs the job may use
  std::optional<double> net_link_mbit;  // the counted interfaces' link rate, Mb/s, where each says it
  std::string gpu_unread;              // why the GPUs could not be read ("" when they were)
  std::string metric_regex;
  std::string metric_unit;
  std::vector<WatchMetricPoint> metric;
  std::vector<WatchHostPoint> host;
  std::vector<WatchGpuTimeline> gpus;
  std::vector<WatchDiagnosis> diagnoses;
  std::optional<WatchCost> cost;
  json extra;
};
GA_JSON_TYPE(WatchRecord, command, attached_pid, attached_pids, still_running, started_utc, elapsed_s, finished, exit_code, signal, host_interval_s,
             gpu_interval_s, vcpus, net_link_mbit, gpu_unread, metric_regex, metric_unit, metric, host, gpus, diagnoses, cost)

}  // namespace gpuaudit
