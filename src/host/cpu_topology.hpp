// Which CPUs this process may use, how they group into NUMA nodes, and how big the last-level
// cache is: what the multi-threaded host checks need to size their work and pin their threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// CPU numbers at or above this are no CPU (Linux's NR_CPUS is at most 8192): a list that names one
// is malformed, so "0-2147483647" cannot make a list of two billion entries.
inline constexpr int kMaxCpuNumber = 1 << 16;

// "0-3,8,10-11" -> {0,1,2,3,8,10,11}. Throws std::invalid_argument on a malformed list.
std::vector<int> parse_cpu_list(const std::string& text);

struct NumaNode {
  int node = 0;
  std::vector<int> cpus;  // the node's CPUs (in CpuTopology: those that this process may run on)
};

struct CpuTopology {
  std::vector<int> allowed;     // sched_getaffinity: what a container or taskset left us
  std::vector<NumaNode> nodes;  // nodes with at least one allowed CPU; one pseudo-node when unknown
  std::uint64_t llc_bytes_total = 0;  // sum over distinct last-level caches (0 when unknown)
  std::optional<double> cgroup_cpu_limit;  // cgroup v2 cpu.max quota/period, e.g. 2.5 CPUs
};

// Every NUMA node's CPUs as /sys/devices/system/node lists them, whatever this process may use
// (empty without NUMA information; a node whose list is malformed is left out).
std::vector<NumaNode> read_numa_nodes(const std::string& root = "/");

// Reads the topology from `root` ("/" normally; a recorded tree in tests) and the affinity mask.
CpuTopology read_cpu_topology(const std::string& root = "/");

// Pins the calling thread to `cpus` (sched_setaffinity on the thread). False when refused.
bool pin_current_thread(const std::vector<int>& cpus);

}  // namespace gpuaudit
