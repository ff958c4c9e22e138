#include "watch/numa_placement.hpp"

#include "text/format.hpp"

#include <algorithm>
#include <map>

namespace gpuaudit {

namespace {

// The one node every used GPU is on; nullopt when one is unknown or they differ.
std::optional<int> gpus_node(const WatchRecord& r, const std::vector<int>& used) {
  std::optional<int> node;
  for (const auto& g : r.gpus) {
    if (std::find(used.begin(), used.end(), g.gpu) == used.end()) continue;
    if (!g.numa_node || *g.numa_node < 0 || (node && *node != *g.numa_node)) return std::nullopt;
    node = g.numa_node;
  }
  return node;
}

}  // namespace

std::optional<WatchDiagnosis> numa_far(const WatchRecord& r, const std::vector<int>& used) {
  const auto node = gpus_node(r, used);
  if (!node || used.empty()) return std::nullopt;
  int points = 0, far = 0;
  std::map<int, int> where;  // node -> processes seen there, over the far intervals
  for (const auto& h : r.host) {
    if (h.job_numa_nodes.empty()) continue;
    ++points;
    const auto near = std::count(h.job_numa_nodes.begin(), h.job_numa_nodes.end(), *node);
    if (near * 2 >= static_cast<long>(h.job_numa_nodes.size())) continue;
    ++far;
    for (int n : h.job_numa_nodes) ++where[n];
  }
  if (points < kNumaMinPoints || far < kNumaFarShare * points) return std::nullopt;
  const int busiest = std::max_element(where.begin(), where.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
  WatchDiagnosis d;
  d.id = "numa-far";
  if (used.size() == 1) d.gpu = used.front();
  d.share = static_cast<double>(far) / points;
  const std::string gpus = used.size() == 1 ? "GPU " + std::to_string(used.front()) + " is" : "its GPUs are";
  d.summary = "the job ran mostly on NUMA node " + std::to_string(busiest) + " in " + fmt_num(100 * d.share, 0) +
              "% of the run while " + gpus + " on node " + std::to_string(*node) +
              ": its host buffers cross the sockets' link to reach the GPU";
  d.evidence.push_back("in " + std::to_string(far) + " of " + std::to_string(points) +
                       " intervals fewer than half of the job's processes last ran on node " + std::to_string(*node));
  d.evidence.push_back("bind the job to the GPU's node: numactl --cpunodebind=" + std::to_string(*node) +
                       " --membind=" + std::to_string(*node) + " (nvidia-smi topo -m shows each GPU's NUMA affinity)");
  return d;
}

}  // namespace gpuaudit
