#include "watch/gpu_tenants.hpp"

#include "host/pid_namespace.hpp"
#include "text/format.hpp"

#include <algorithm>

namespace gpuaudit {

std::map<pid_t, std::int64_t> job_host_ids(const std::vector<pid_t>& tree) {
  std::map<pid_t, std::int64_t> ids;
  for (pid_t p : tree)
    if (p > 0) ids[p] = host_pid_of(p).value_or(p);
  return ids;
}

std::set<std::int64_t> job_process_ids(const std::map<pid_t, std::int64_t>& host_ids) {
  std::set<std::int64_t> ids;
  for (const auto& [pid, host] : host_ids) ids.insert({pid, host});
  return ids;
}

void note_gpu_processes(WatchGpuTimeline& g, const std::vector<GpuProcess>& listed, const std::set<std::int64_t>& job,
                        double t_s) {
  for (const auto& p : listed) {
    if (!p.pid) continue;
    auto it = std::find_if(g.processes.begin(), g.processes.end(), [&](const WatchGpuProcess& w) { return w.pid == *p.pid; });
    if (it == g.processes.end()) {
      WatchGpuProcess w;
      w.pid = *p.pid, w.name = p.name, w.type = p.type, w.first_t_s = t_s;
      g.processes.push_back(std::move(w));
      it = std::prev(g.processes.end());
    }
    it->job = it->job || job.count(*p.pid) > 0;  // a process the job started is its own from then on
    if (it->type != p.type && !p.type.empty()) it->type = it->type.empty() ? p.type : "C+G";
    it->last_t_s = t_s;
    ++it->intervals;
    if (p.used_memory_bytes) it->max_memory_bytes = std::max(it->max_memory_bytes.value_or(0), *p.used_memory_bytes);
  }
}

namespace {

std::string process_words(const WatchGpuProcess& p) {
  std::string o = (p.name.empty() ? "a process" : p.name) + " (pid " + std::to_string(p.pid);
  if (p.max_memory_bytes) o += ", " + fmt_num(static_cast<double>(*p.max_memory_bytes) / (1024.0 * 1024 * 1024), 1) + " GiB";
  if (p.type == "E") o += ", a video encoder session";  // probe/gpu_processes.hpp: an encoder-only tenant
  return o + ")";
}

}  // namespace

std::optional<WatchDiagnosis> shared_gpu(const WatchGpuTimeline& g) {
  std::vector<const WatchGpuProcess*> before, appeared;
  for (const auto& p : g.processes) {
    if (p.job || p.type == "G") continue;
    (p.first_t_s <= 0 ? before : appeared).push_back(&p);
  }
  if (before.empty() && appeared.empty()) return std::nullopt;
  const auto& named = before.empty() ? appeared : before;
  WatchDiagnosis d;
  d.id = "shared";
  d.gpu = g.gpu;
  d.cause = before.empty() ? "appeared" : "before-the-job";
  int most = 0;
  for (const auto* p : named) most = std::max(most, p->intervals);
  const int intervals = std::max(static_cast<int>(g.points.size()), most);
  d.share = intervals > 0 ? static_cast<double>(most) / intervals : 0;
  const std::string who = std::to_string(named.size()) + (named.size() == 1 ? " other process" : " other processes");
  d.summary = before.empty()
                  ? "GPU " + std::to_string(g.gpu) + ": " + who + " outside the job's process tree opened a context during the run: another tenant, or the job's own work started through a launcher outside its tree (docker run, a server)"
                  : "GPU " + std::to_string(g.gpu) + " was shared: " + who +
                        " held a context on it before the job began; it takes GPU memory all the time and SM time whenever it runs";
  for (const auto* p : named)
    d.evidence.push_back(process_words(*p) + ", type " + p->type + ", listed in " + std::to_string(p->intervals) + " of " +
                         std::to_string(intervals) + " intervals (" + fmt_num(p->first_t_s, 1) + " s to " +
                         fmt_num(p->last_t_s, 1) + " s)");
  return d;
}

}  // namespace gpuaudit
