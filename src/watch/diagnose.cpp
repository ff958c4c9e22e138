#include "watch/diagnose.hpp"

#include "core/stats.hpp"
#include "probe/clock_reasons.hpp"
#include "text/format.hpp"
#include "watch/gpu_tenants.hpp"
#include "watch/numa_placement.hpp"
#include "watch/traffic_diagnoses.hpp"

#include <algorithm>
#include <map>

namespace gpuaudit {

namespace {

std::string pct(double share) { return fmt_num(100 * share, 0) + "%"; }
std::string gpu_name(int gpu) { return "GPU " + std::to_string(gpu); }

// The host's state over a set of intervals: means of what was read.
struct HostMeans {
  std::optional<double> steal, iowait, busy, job_cores, swap_in, read_mbps, iops;
  std::optional<double> busiest_core, run_queue, net_rx_mbps, net_tx_mbps;
};

template <class T>
std::optional<double> mean_of(const std::vector<const WatchHostPoint*>& pts, std::optional<T> WatchHostPoint::*f) {
  double sum = 0;
  int n = 0;
  for (const auto* p : pts)
    if (p->*f) sum += *(p->*f), ++n;
  if (n == 0) return std::nullopt;
  return sum / n;
}

HostMeans host_means(const std::vector<const WatchHostPoint*>& pts) {
  return {mean_of(pts, &WatchHostPoint::steal_pct),      mean_of(pts, &WatchHostPoint::iowait_pct),
          mean_of(pts, &WatchHostPoint::cpu_busy_pct),   mean_of(pts, &WatchHostPoint::job_cpu_cores),
          mean_of(pts, &WatchHostPoint::swap_in_per_s),  mean_of(pts, &WatchHostPoint::disk_read_mbps),
          mean_of(pts, &WatchHostPoint::disk_iops),      mean_of(pts, &WatchHostPoint::busiest_core_pct),
          mean_of(pts, &WatchHostPoint::run_queue),      mean_of(pts, &WatchHostPoint::net_rx_mbps),
          mean_of(pts, &WatchHostPoint::net_tx_mbps)};
}

// The busier direction of the network as a share of the link's rate; nullopt without both.
std::optional<double> net_link_share(const HostMeans& m, std::optional<double> link_mbit) {
  if (!link_mbit || *link_mbit <= 0 || !m.net_rx_mbps || !m.net_tx_mbps) return std::nullopt;
  return std::max(*m.net_rx_mbps, *m.net_tx_mbps) * 8 / *link_mbit;
}

std::string means_text(const HostMeans& m, std::optional<int> vcpus) {
  std::string o = "in those intervals:";
  auto add = [&](const std::optional<double>& v, const std::string& text) {
    if (v) o += " " + text + ",";
  };
  add(m.busy, "CPUs " + fmt_num(m.busy.value_or(0), 0) + "% busy");
  add(m.busiest_core, "the busiest core " + fmt_num(m.busiest_core.value_or(0), 0) + "%");
  add(m.run_queue, fmt_num(m.run_queue.value_or(0), 1) + " threads runnable" + (vcpus ? " on " + std::to_string(*vcpus) + " CPUs" : ""));
  add(m.steal, "steal " + fmt_num(m.steal.value_or(0), 0) + "%");
  add(m.iowait, "iowait " + fmt_num(m.iowait.value_or(0), 0) + "%");
  add(m.job_cores, "the job on " + fmt_num(m.job_cores.value_or(0), 1) + " cores" +
                       (vcpus ? " of " + std::to_string(*vcpus) : ""));
  add(m.swap_in, fmt_num(m.swap_in.value_or(0), 0) + " pages/s swapped in");
  add(m.read_mbps, "disks " + fmt_num(m.read_mbps.value_or(0), 0) + " MB/s read, " +
                       fmt_num(m.iops.value_or(0), 0) + " IOPS");
  add(m.net_rx_mbps, "network " + fmt_num(m.net_rx_mbps.value_or(0), 0) + " MB/s in, " +
                         fmt_num(m.net_tx_mbps.value_or(0), 0) + " MB/s out");
  if (o.back() == ',') o.pop_back();
  return o;
}

// The host's cause of a GPU's idle intervals and the words that say it.
std::pair<std::string, std::string> starved_cause(const HostMeans& m, const WatchRecord& rec, const WatchRules& r) {
  const std::optional<int> vcpus = rec.vcpus;
  if (m.steal && *m.steal >= r.steal_pct)
    return {"steal", "the hypervisor took " + fmt_num(*m.steal, 0) + "% of the CPUs (steal): an oversold host"};
  if (m.swap_in && *m.swap_in >= r.swap_in_per_s)
    return {"swap", "the host was swapping (" + fmt_num(*m.swap_in, 0) + " pages/s in): too little memory for the job"};
  if (m.iowait && *m.iowait >= r.iowait_pct)
    return {"iowait", "the CPUs waited on storage (iowait " + fmt_num(*m.iowait, 0) + "%)"};
  if (const auto net = net_link_share(m, rec.net_link_mbit); net && *net >= r.net_link_share)
    return {"network", "the network ran at " + fmt_num(100 * *net, 0) + "% of its " + fmt_num(*rec.net_link_mbit / 1000, 1) +
                           " Gb/s link: the job's input (or its gradients) cannot arrive faster"};
  if (m.busy && *m.busy >= r.cpu_saturated_pct)
    return {"cpu-saturated", "every CPU was busy (" + fmt_num(*m.busy, 0) +
                                 "%): the job's CPU work (loading, decoding, augmenting) cannot keep up"};
  if (m.job_cores && *m.job_cores >= r.one_core_low && *m.job_cores <= r.one_core_high && vcpus && *vcpus >= 2)
    return {"one-core", "the job ran on " + fmt_num(*m.job_cores, 1) + " of " + std::to_string(*vcpus) +
                            " CPUs: a single-threaded input pipeline (a data loader without workers) is the likely limit"};
  return {"unseen", "the host's counters show no cause: the network, locks or the job's own pauses"};
}

// The host points at the times of `gpu_points` (both are closed at the same instants).
std::vector<const WatchHostPoint*> host_at(const WatchRecord& r, const std::vector<const WatchGpuPoint*>& gpu_points) {
  std::map<double, const WatchHostPoint*> by_t;
  for (const auto& h : r.host) by_t[h.t_s] = &h;
  std::vector<const WatchHostPoint*> out;
  for (const auto* p : gpu_points)
    if (auto it = by_t.find(p->t_s); it != by_t.end()) out.push_back(it->second);
  return out;
}

std::vector<const WatchGpuPoint*> points_where(const WatchGpuTimeline& g, bool idle, const WatchRules& r) {
  std::vector<const WatchGpuPoint*> out;
  for (const auto& p : g.points)
    if (p.util_pct && (*p.util_pct < r.idle_point_pct) == idle) out.push_back(&p);
  return out;
}

WatchDiagnosis busy_or_starved(const WatchRecord& r, const WatchGpuTimeline& g, double share, const WatchRules& rules) {
  WatchDiagnosis d;
  d.gpu = g.gpu;
  const std::string head = gpu_name(g.gpu) + " was busy " + pct(share) + " of the run";
  d.evidence.push_back(head + " (mean utilisation over " + std::to_string(g.points.size()) + " intervals of " +
                       fmt_num(r.host_interval_s, 1) + " s)");
  if (share >= rules.busy_share) {
    d.id = "busy", d.share = share;
    d.summary = head + ": the job keeps it working";
    return d;
  }
  const auto idle = points_where(g, true, rules);
  d.id = "starved";
  d.share = g.points.empty() ? 0 : static_cast<double>(idle.size()) / static_cast<double>(g.points.size());
  const HostMeans m = host_means(host_at(r, idle));
  const auto [cause, words] = starved_cause(m, r, rules);
  d.cause = cause;
  d.summary = gpu_name(g.gpu) + " waited " + pct(d.share) + " of the run: " + words;
  d.evidence.push_back(means_text(m, r.vcpus));
  int swings = 0;
  for (const auto* p : idle)
    if (p->util_min_pct && p->util_max_pct && *p->util_max_pct - *p->util_min_pct >= rules.idle_point_pct) ++swings;
  if (swings * 2 >= static_cast<int>(idle.size()) && swings > 0)
    d.evidence.push_back("utilisation swung by " + fmt_num(rules.idle_point_pct, 0) + " points or more within " +
                         std::to_string(swings) + " of those intervals: work arrives in bursts");
  return d;
}

std::optional<WatchDiagnosis> throttled(const WatchGpuTimeline& g, const WatchRules& rules) {
  const auto busy = points_where(g, false, rules);
  if (busy.empty()) return std::nullopt;
  int power = 0, thermal = 0;
  std::vector<double> clocks, watts, temps;
  for (const auto* p : busy) {
    power += std::any_of(p->reasons.begin(), p->reasons.end(), is_power_reason);
    thermal += std::any_of(p->reasons.begin(), p->reasons.end(), is_thermal_reason);
    if (p->sm_clock_mhz) clocks.push_back(*p->sm_clock_mhz);
    if (p->power_w) watts.push_back(*p->power_w);
    if (p->temperature_c) temps.push_back(*p->temperature_c);
  }
  const double n = static_cast<double>(busy.size());
  if (std::max(power, thermal) < rules.throttle_share * n) return std::nullopt;
  WatchDiagnosis d;
  d.id = "throttled", d.gpu = g.gpu;
  d.cause = thermal > power ? "thermal" : "power";
  d.share = std::max(power, thermal) / n;
  d.summary = gpu_name(g.gpu) + " was held back by " + (d.cause == "thermal" ? "heat" : "power") + " in " +
              pct(d.share) + " of the intervals it worked";
  std::string e = "while busy: SM clock " + (clocks.empty() ? "?" : fmt_num(median_of(clocks), 0)) + " MHz";
  if (g.sm_max_mhz) e += " of " + fmt_num(*g.sm_max_mhz, 0) + " max";
  if (!watts.empty()) e += ", power " + fmt_num(median_of(watts), 0) + " W";
  if (g.power_limit_w) e += " of a " + fmt_num(*g.power_limit_w, 0) + " W limit";
  if (!temps.empty()) e += ", up to " + fmt_num(*std::max_element(temps.begin(), temps.end()), 0) + " C";
  d.evidence.push_back(e);
  return d;
}

std::optional<WatchDiagnosis> slowed_down(const WatchRecord& r, const WatchRules& rules) {
  std::vector<WatchMetricPoint> m = r.metric;
  std::sort(m.begin(), m.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
  const std::size_t skip = m.size() / 10;  // the warm-up
  const std::size_t third = (m.size() - skip) / 3;
  if (third < 2) return std::nullopt;
  std::vector<double> first, last;
  for (std::size_t i = 0; i < third; ++i) first.push_back(m[skip + i].value), last.push_back(m[m.size() - 1 - i].value);
  const double a = median_of(first), b = median_of(last);
  if (a <= 0 || b >= rules.slowdown_ratio * a) return std::nullopt;
  WatchDiagnosis d;
  d.id = "slowed-down";
  d.share = 1.0 / 3;
  d.summary = "the job's " + r.metric_unit + "/s fell from " + fmt_num(a, 1) + " to " + fmt_num(b, 1) + " (" +
              pct(b / a) + ") between the first and the last third of the run";
  d.evidence.push_back(std::to_string(m.size()) + " readings of --metric '" + r.metric_regex + "'");
  return d;
}

// The host over the whole run, said always (and the only diagnosis when no GPU could be read).
std::optional<WatchDiagnosis> host_summary(const WatchRecord& r) {
  std::vector<const WatchHostPoint*> all;
  for (const auto& h : r.host) all.push_back(&h);
  if (all.empty()) return std::nullopt;
  const HostMeans m = host_means(all);
  WatchDiagnosis d;
  d.id = "host";
  d.share = 1;
  std::string used;
  if (m.job_cores)
    used = "the job used on average " + fmt_num(*m.job_cores, 1) +
           (r.vcpus ? " of " + std::to_string(*r.vcpus) : std::string()) + " CPU cores";
  d.summary = (used.empty() ? "" : used + "; ") + "CPUs " + fmt_num(m.busy.value_or(0), 0) + "% busy, steal " +
              fmt_num(m.steal.value_or(0), 0) + "%, iowait " + fmt_num(m.iowait.value_or(0), 0) + "%";
  d.evidence.push_back(means_text(m, r.vcpus).replace(0, std::string("in those intervals").size(),
                                                      "over " + std::to_string(all.size()) + " intervals"));
  return d;
}

}  // namespace

std::optional<double> busy_share(const WatchGpuTimeline& g) {
  double sum = 0;
  int n = 0;
  for (const auto& p : g.points)
    if (p.util_pct) sum += *p.util_pct, ++n;
  if (n == 0) return std::nullopt;
  return sum / n / 100;
}

std::vector<WatchDiagnosis> diagnose_watch(const WatchRecord& r, const WatchRules& rules) {
  std::vector<WatchDiagnosis> out;
  std::vector<int> used, idle;
  for (const auto& g : r.gpus) {
    const auto share = busy_share(g);
    if (!share) continue;
    if (*share * 100 < rules.used_util_pct) {
      idle.push_back(g.gpu);
      continue;
    }
    used.push_back(g.gpu);
    out.push_back(busy_or_starved(r, g, *share, rules));
    if (auto t = throttled(g, rules)) out.push_back(*t);
  }
  for (const auto& g : r.gpus) {
    if (auto s = shared_gpu(g)) out.push_back(*s);
    if (auto p = pcie_bound(g)) out.push_back(*p);
    if (auto v = video_engine_busy(g)) out.push_back(*v);
  }
  if (auto n = numa_far(r, used)) out.push_back(*n);
  if (!idle.empty()) {
    WatchDiagnosis d;
    d.id = used.empty() ? "no-gpu-work" : "idle-gpu";
    d.share = 1;
    d.summary = used.empty() ? "the GPUs stayed idle the whole run: the job did not use them"
                             : (idle.size() == 1 ? "GPU " : "GPUs ") + gpu_ranges(idle) + " stayed idle while the job used " +
                                   (used.size() == 1 ? "GPU " : "GPUs ") + gpu_ranges(used);
    out.push_back(d);
  }
  if (auto s = slowed_down(r, rules)) out.push_back(*s);
  if (auto h = host_summary(r)) out.push_back(*h);
  return out;
}

std::optional<WatchCost> watch_cost(const WatchRecord& r, double price_per_hour, const std::string& currency,
                                    const WatchRules& rules) {
  if (price_per_hour <= 0 || r.metric.empty()) return std::nullopt;
  std::vector<double> rates;
  for (const auto& p : r.metric) rates.push_back(p.value);
  WatchCost c;
  c.price_per_hour = price_per_hour, c.currency = currency, c.unit = r.metric_unit;
  c.units_per_s = median_of(rates);
  if (c.units_per_s <= 0) return std::nullopt;
  c.per_million_units = price_per_hour / (c.units_per_s * 3600) * 1e6;
  double sum = 0;
  int n = 0;
  for (const auto& g : r.gpus)
    if (auto s = busy_share(g); s && *s * 100 >= rules.used_util_pct) sum += *s, ++n;
  if (n > 0 && sum / n < 1) c.at_full_busy = c.per_million_units * (sum / n);
  return c;
}

}  // namespace gpuaudit
