#include "watch/numa_placement.hpp"

#include "text/format.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace gpuaudit {

namespace {

// The used GPUs' nodes, GPU -> node; nullopt when one of them is unknown.
std::optional<std::map<int, int>> used_nodes(const WatchRecord& r, const std::vector<int>& used) {
  std::map<int, int> out;
  for (const auto& g : r.gpus) {
    if (std::find(used.begin(), used.end(), g.gpu) == used.end()) continue;
    if (!g.numa_node || *g.numa_node < 0) return std::nullopt;
    out[g.gpu] = *g.numa_node;
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// Where each judged process belongs (numa_placement.hpp): one node for all, or each rank's own.
struct Homes {
  std::optional<int> all;                   // every GPU on one node: every process belongs there
  std::map<std::int64_t, int> by_process;   // GPUs on several nodes: each rank by its own GPUs
  std::map<std::int64_t, std::set<int>> gpus_of;
};

Homes homes(const WatchRecord& r, const std::map<int, int>& nodes) {
  Homes h;
  std::set<int> distinct;
  for (const auto& [gpu, node] : nodes) distinct.insert(node);
  if (distinct.size() == 1) {
    h.all = *distinct.begin();
    return h;
  }
  std::map<std::int64_t, std::set<int>> process_nodes;
  for (const auto& g : r.gpus) {
    const auto it = nodes.find(g.gpu);
    if (it == nodes.end()) continue;
    for (const auto& p : g.processes)
      if (p.job) process_nodes[p.pid].insert(it->second), h.gpus_of[p.pid].insert(g.gpu);
  }
  for (const auto& [pid, on] : process_nodes)
    if (on.size() == 1) h.by_process[pid] = *on.begin();
  return h;
}

std::optional<int> home_of(const Homes& h, std::int64_t pid) {
  if (h.all) return h.all;
  const auto it = h.by_process.find(pid);
  if (it == h.by_process.end()) return std::nullopt;
  return it->second;
}

std::string gpu_list(const std::set<int>& gpus) {
  std::string s;
  for (int g : gpus) s += (s.empty() ? "" : ", ") + std::to_string(g);
  return (gpus.size() == 1 ? "GPU " : "GPUs ") + s;
}

}  // namespace

std::optional<WatchDiagnosis> numa_far(const WatchRecord& r, const std::vector<int>& used) {
  const auto nodes = used_nodes(r, used);
  if (!nodes) return std::nullopt;
  const Homes h = homes(r, *nodes);
  int points = 0, far = 0;
  std::map<int, int> where;  // node -> processes seen there, over the far intervals
  std::map<std::int64_t, std::pair<int, int>> away;  // pid -> (intervals away from home, intervals seen)
  for (const auto& point : r.host) {
    int judged = 0, near = 0;
    for (const auto& p : point.job_places) {
      const auto home = home_of(h, p.pid);
      if (!home) continue;
      ++judged;
      near += p.node == *home ? 1 : 0;
      auto& a = away[p.pid];
      a.first += p.node == *home ? 0 : 1, ++a.second;
    }
    if (judged == 0) continue;
    ++points;
    if (near * 2 >= judged) continue;
    ++far;
    for (const auto& p : point.job_places)
      if (home_of(h, p.pid)) ++where[p.node];
  }
  if (points < kNumaMinPoints || far < kNumaFarShare * points) return std::nullopt;
  WatchDiagnosis d;
  d.id = "numa-far";
  d.share = static_cast<double>(far) / points;
  const std::string pct = fmt_num(100 * d.share, 0) + "% of the run";
  if (h.all) {
    const int node = *h.all, busiest = std::max_element(where.begin(), where.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
    if (used.size() == 1) d.gpu = used.front();
    const std::string gpus = used.size() == 1 ? "GPU " + std::to_string(used.front()) + " is" : "its GPUs are";
    d.summary = "the job ran mostly on NUMA node " + std::to_string(busiest) + " in " + pct + " while " + gpus + " on node " +
                std::to_string(node) + ": its host buffers cross the sockets' link to reach the GPU";
    d.evidence.push_back("in " + std::to_string(far) + " of " + std::to_string(points) +
                         " intervals fewer than half of the job's processes last ran on node " + std::to_string(node));
    d.evidence.push_back("bind the job to the GPU's node: numactl --cpunodebind=" + std::to_string(node) + " --membind=" +
                         std::to_string(node) + " (nvidia-smi topo -m shows each GPU's NUMA affinity)");
    return d;
  }
  d.evidence.push_back("in " + std::to_string(far) + " of " + std::to_string(points) +
                       " intervals fewer than half of the processes on the GPUs last ran on their GPUs' node");
  std::set<int> far_gpus;
  for (const auto& [pid, a] : away) {
    if (a.first * 2 <= a.second) continue;
    far_gpus.insert(h.gpus_of.at(pid).begin(), h.gpus_of.at(pid).end());
    d.evidence.push_back("PID " + std::to_string(pid) + " drives " + gpu_list(h.gpus_of.at(pid)) + " on node " +
                         std::to_string(h.by_process.at(pid)) + " and ran on another node in " + std::to_string(a.first) + " of " +
                         std::to_string(a.second) + " intervals");
  }
  if (far_gpus.size() == 1) d.gpu = *far_gpus.begin();
  d.summary = "the job's GPU processes ran away from their GPUs' NUMA node in " + pct +
              ": each one's host buffers cross the sockets' link to reach its GPU";
  d.evidence.push_back("bind each rank to its GPU's node (nvidia-smi topo -m shows each GPU's NUMA affinity): "
                       "numactl --cpunodebind=N --membind=N per rank, or the launcher's binding (mpirun --bind-to numa)");
  return d;
}

}  // namespace gpuaudit
