#include "import/rows/host_rows.hpp"

#include "host/host_result.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <numeric>

namespace gpuaudit::imports {

namespace {

double mean(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size()); }

double busy_of(const CpuShares& s) { return std::clamp(100.0 - s.idle - s.iowait - s.steal, 0.0, 100.0); }

}  // namespace

std::vector<BenchmarkResult> host_share_rows(const HostShareInput& in, const SourceRef& src) {
  if (in.windows.empty() && !in.first_report) return {};
  const bool snapshot = in.windows.empty();
  const std::vector<CpuShares> reports = snapshot ? std::vector<CpuShares>{*in.first_report} : in.windows;
  const bool steal_known = std::all_of(reports.begin(), reports.end(), [](const CpuShares& s) { return s.has_steal; });

  std::vector<double> steal, iowait, busy, idle;
  for (const auto& r : reports) {
    steal.push_back(r.steal);
    iowait.push_back(r.iowait);
    busy.push_back(busy_of(r));
    idle.push_back(r.idle);
  }
  // The whole run: the tool's own average where it prints one (it is over the same ticks), else the
  // mean of equal windows (vmstat, top and mpstat report at a fixed interval).
  const double whole_steal = in.whole && !snapshot ? in.whole->steal : mean(steal);
  const double whole_iowait = in.whole && !snapshot ? in.whole->iowait : mean(iowait);
  const double whole_busy = in.whole && !snapshot ? busy_of(*in.whole) : mean(busy);
  const double whole_idle = in.whole && !snapshot ? in.whole->idle : mean(idle);

  json params = json::object();
  params["tool"] = in.tool;
  params["windows"] = snapshot ? 0 : reports.size();
  if (in.interval_s) params["interval_s"] = *in.interval_s;
  if (in.interval_s && !snapshot) params["run_s"] = *in.interval_s * static_cast<double>(reports.size());
  params["window"] = snapshot ? in.first_report_is : "interval";
  params["snapshot"] = snapshot;
  if (!snapshot && in.first_report) params["first_report_not_counted"] = in.first_report_is;
  if (in.per_cpu.is_array() && !in.per_cpu.empty()) params["per_cpu"] = in.per_cpu;

  SourceRef s = src;
  if (in.line > 0) s.line = in.line;
  std::vector<BenchmarkResult> out;
  auto make = [&](const char* name, std::vector<double> samples, double whole) {
    BenchmarkResult r = host_figure(name, "%", std::move(samples), false);
    r.params = params;
    r.derived["whole_run_pct"] = whole;
    if (!snapshot) r.derived["max_window_pct"] = *std::max_element(r.samples.begin(), r.samples.end());
    if (in.first_report && !snapshot) {
      r.derived["first_report_pct"] = std::string(name) == "host/steal" ? in.first_report->steal : in.first_report->iowait;
    }
    r.extra = json::object();
    r.extra["source"] = source_json(s);
    return r;
  };
  if (steal_known) {
    BenchmarkResult st = make("host/steal", steal, whole_steal);
    st.derived["busy_pct"] = whole_busy;
    st.derived["idle_pct"] = whole_idle;
    st.message = snapshot ? "imported from " + in.tool + ": one report (" + in.first_report_is + "), not a run"
                          : "imported from " + in.tool + ": " + std::to_string(reports.size()) + " windows" +
                                (in.first_report ? " (" + in.first_report_is + " report not counted)" : "");
    out.push_back(std::move(st));
  }
  BenchmarkResult io = make("host/iowait", iowait, whole_iowait);
  io.message = "imported from " + in.tool + ": the CPUs' idle time with I/O outstanding, whatever caused it";
  out.push_back(std::move(io));
  return out;
}

bool read_sysstat_banner(std::string_view l, HostInfo& host) {
  if (l.rfind("Linux ", 0) != 0 || (l.find("_x86_64_") == std::string_view::npos && l.find(" CPU)") == std::string_view::npos))
    return false;
  const auto sp = l.find_first_of(" \t", 6);
  if (host.kernel.empty()) host.kernel = std::string(smi::trim(l.substr(6, sp == std::string_view::npos ? std::string_view::npos : sp - 6)));
  const auto open = l.find('('), close = l.find(')');
  if (open != std::string_view::npos && close != std::string_view::npos && close > open && host.hostname.empty())
    host.hostname = std::string(l.substr(open + 1, close - open - 1));
  const auto cpus = l.rfind(" CPU)");
  const auto paren = cpus == std::string_view::npos ? std::string_view::npos : l.rfind('(', cpus);
  if (paren != std::string_view::npos && !host.vcpus)
    if (auto n = smi::number(smi::trim(l.substr(paren + 1, cpus - paren - 1))); n && *n > 0 && *n < 100000)
      host.vcpus = static_cast<int>(*n);
  return true;
}

}  // namespace gpuaudit::imports
