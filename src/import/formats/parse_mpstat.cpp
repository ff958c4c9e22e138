// sysstat's CPU table as `mpstat [-P ALL] [interval [count]]` prints it: `HH:MM:SS [AM|PM]  CPU
// %usr ... %steal ... %idle` rows under a banner `Linux 5.15.0 (host) 03/11/2022 _x86_64_ (80 CPU)`
// (kernel, hostname and vCPUs go to the host), and an `Average:` row per CPU at the end. `sar -u`
// prints the same table and the same reader handles it; the column order tells them apart (mpstat prints %irq and %soft before %steal, sar -u prints
// %steal right after %iowait), so detection never takes one for the other. sysstat computes every
// share from /proc/stat tick deltas over the interval, the same counters as gpuaudit's host/steal
// and host/iowait, so the rows are the same (host_rows.hpp); per-CPU %steal goes to params.per_cpu.
//
// Windows: each `all` row of an interval report. The `Average:` row is sysstat's own share over the
// whole run (the same ticks) and is the whole-run figure when present. mpstat without an interval
// prints one report of the shares SINCE BOOT and no Average: kept as a since-boot snapshot. sar
// reads its daily file (10-minute windows by default); `LINUX RESTART` rows are skipped. Other
// tables (`mpstat -A`'s interrupts, sar's memory or network) have no %idle column and are skipped.
#include "import/rows/host_rows.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace gpuaudit::imports {

namespace {

using smi::trim;
using smi::words;

struct Header {
  std::vector<std::string> cols;  // after CPU
  std::vector<std::string> prefix;  // the time fields before CPU
  bool sar_order = false;           // %steal before %irq (or no %irq): sar -u
};

std::optional<Header> header_of(std::string_view l) {
  auto w = words(l);
  auto cpu = std::find(w.begin(), w.end(), "CPU");
  if (cpu == w.end()) return std::nullopt;
  Header h;
  h.prefix.assign(w.begin(), cpu);
  h.cols.assign(cpu + 1, w.end());
  const auto at = [&](const char* c) {
    const auto it = std::find(h.cols.begin(), h.cols.end(), c);
    return it == h.cols.end() ? -1 : static_cast<int>(it - h.cols.begin());
  };
  if (at("%idle") < 0 || at("%iowait") < 0 || h.cols.size() > 16) return std::nullopt;
  if (h.prefix.empty() || h.prefix.size() > 3) return std::nullopt;  // "19:49:03", "03:16:15 PM", "12:38:33 PM IST"
  const int steal = at("%steal"), irq = at("%irq");
  h.sar_order = steal >= 0 && (irq < 0 || steal < irq);
  return h;
}

int detect_as(std::string_view text, bool want_sar) {
  for (const auto& [no, line] : smi::head_lines(text, 400)) {
    if (auto h = header_of(trim(line))) return h->sar_order == want_sar ? 80 : 0;
  }
  return 0;
}
int detect_mpstat(std::string_view text) { return detect_as(text, false); }

std::optional<double> number_of(std::string v) {
  std::replace(v.begin(), v.end(), ',', '.');  // locales with a decimal comma
  if (v.empty() || v.size() > 12) return std::nullopt;
  return smi::number(v);
}

// "03:16:15" [+ "PM"] -> seconds of the day.
std::optional<double> clock_of(const std::vector<std::string>& prefix) {
  if (prefix.empty()) return std::nullopt;
  const std::string& t = prefix[0];
  if (t.size() != 8 || t[2] != ':' || t[5] != ':') return std::nullopt;
  for (std::size_t i : {0u, 1u, 3u, 4u, 6u, 7u})
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
  int h = (t[0] - '0') * 10 + (t[1] - '0');
  if (prefix.size() > 1 && (prefix[1] == "PM" || prefix[1] == "AM")) h = h % 12 + (prefix[1] == "PM" ? 12 : 0);
  return h * 3600.0 + ((t[3] - '0') * 10 + (t[4] - '0')) * 60.0 + (t[6] - '0') * 10 + (t[7] - '0');
}

struct Row {
  int line;
  std::string cpu;
  bool average;
  std::optional<double> clock;
  std::optional<double> header_clock;  // the time on its table's header line
  std::map<std::string, double> v;
};

CpuShares shares_of(const Row& r) {
  CpuShares s;
  s.idle = r.v.at("%idle");
  s.iowait = r.v.at("%iowait");
  s.has_steal = r.v.count("%steal") > 0;
  s.steal = s.has_steal ? r.v.at("%steal") : 0;
  return s;
}

ImportPart parse_sysstat(std::string_view text, const std::string& file, bool sar) {
  ImportPart part;
  part.source = {sar ? "sar" : "mpstat", "", file, 0};
  std::optional<Header> header;
  std::optional<double> header_clock;
  std::vector<Row> rows;
  int bad = 0;
  std::string first_bad;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (l.empty()) continue;
    if (read_sysstat_banner(l, part.host)) continue;
    if (auto h = header_of(l)) {
      header = std::move(h);
      header_clock = clock_of(header->prefix);
      if (!part.source.line) part.source.line = no;
      continue;
    }
    if (!header) continue;
    const auto w = words(l);
    if (l.find("RESTART") != std::string_view::npos) continue;  // sar: LINUX RESTART (N CPU)
    const std::size_t k = header->cols.size();
    if (w.size() < k + 2) {
      if (w.size() > 2) header.reset();  // another table's row
      continue;
    }
    Row r;
    r.line = no;
    r.cpu = w[w.size() - k - 1];
    const std::vector<std::string> prefix(w.begin(), w.end() - static_cast<std::ptrdiff_t>(k + 1));
    r.average = prefix.size() == 1 && prefix[0].size() > 1 && prefix[0].back() == ':' && !clock_of(prefix);  // "Average:", "Moyenne:"
    r.clock = clock_of(prefix);
    // A row of this table has the header's time fields (or the one Average label) before the CPU:
    // anything else is another table (mpstat -A's NODE or interrupt tables) and ends this one. A
    // localised time ("22时08分56秒") is a time field whose clock is not read.
    if (!r.average && prefix.size() != header->prefix.size()) {
      header.reset();  // not a row of this table
      continue;
    }
    // Another table's header with the same columns (mpstat -A's `NODE %usr ...`): it ends this table.
    if (std::any_of(w.end() - static_cast<std::ptrdiff_t>(k), w.end(), [](const std::string& x) { return x[0] == '%'; })) {
      header.reset();
      continue;
    }
    bool ok = true;
    for (std::size_t i = 0; i < k && ok; ++i) {
      const auto v = number_of(w[w.size() - k + i]);
      if (!v || *v < 0 || *v > 100.5) ok = false;
      else r.v[header->cols[i]] = *v;
    }
    if (!ok) {
      if (bad++ == 0) first_bad = "line " + std::to_string(no) + ": a value that is not a share in %";
      continue;
    }
    r.header_clock = header_clock;
    rows.push_back(std::move(r));
  }
  if (bad > 0) part.skipped.push_back(first_bad + (bad > 1 ? " (and " + std::to_string(bad - 1) + " more such lines)" : ""));
  std::vector<const Row*> all, avg_cpu;
  const Row* avg_all = nullptr;
  for (const auto& r : rows) {
    if (r.cpu == "all") {
      if (r.average) avg_all = &r;
      else all.push_back(&r);
    } else if (r.average) {
      avg_cpu.push_back(&r);
    }
  }
  if (all.empty()) {
    part.skipped.push_back(std::string("no `CPU ... %idle` table with an `all` row: nothing was read"));
    return part;
  }
  HostShareInput in;
  in.tool = sar ? "sar" : "mpstat";
  in.line = all.front()->line;
  // mpstat without an interval prints one report whose row time is its header's time (the shares
  // since boot); an interval report's rows are stamped one interval after the header.
  const Row& first = *all.front();
  const bool since_boot = !sar && all.size() == 1 && !avg_all && first.clock && first.header_clock &&
                          *first.clock == *first.header_clock;
  if (since_boot) {
    in.first_report = shares_of(*all.front());
    in.first_report_is = "since boot (mpstat without an interval)";
  } else {
    for (const Row* r : all) in.windows.push_back(shares_of(*r));
    if (avg_all) in.whole = shares_of(*avg_all);
  }
  std::vector<double> d;
  for (std::size_t i = 1; i < all.size(); ++i)
    if (all[i]->clock && all[i - 1]->clock && *all[i]->clock > *all[i - 1]->clock) d.push_back(*all[i]->clock - *all[i - 1]->clock);
  if (d.empty() && first.clock && first.header_clock && *first.clock > *first.header_clock)
    d.push_back(*first.clock - *first.header_clock);
  if (!d.empty() && !in.windows.empty()) {
    std::sort(d.begin(), d.end());
    in.interval_s = d[d.size() / 2];
  }
  // Per CPU over the whole run: the Average rows, else the last report's rows.
  std::vector<const Row*> per;
  if (!avg_cpu.empty()) {
    per = avg_cpu;
  } else {
    for (const auto& r : rows)
      if (r.cpu != "all" && !r.average) per.push_back(&r);
  }
  std::map<std::string, const Row*> last;
  for (const Row* r : per) last[r->cpu] = r;
  std::vector<std::pair<int, const Row*>> ordered;
  for (const auto& [cpu, r] : last)
    if (auto n = smi::number(cpu)) ordered.push_back({static_cast<int>(*n), r});
  std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [n, r] : ordered) {
    const CpuShares s = shares_of(*r);
    in.per_cpu.push_back({{"cpu", "cpu" + std::to_string(n)}, {"steal_pct", s.steal}, {"iowait_pct", s.iowait},
                          {"busy_pct", std::clamp(100.0 - s.idle - s.iowait - s.steal, 0.0, 100.0)}});
  }
  part.benchmarks = host_share_rows(in, part.source);
  if (!in.per_cpu.empty()) {
    double mx = 0;
    for (const auto& c : in.per_cpu) mx = std::max(mx, c["steal_pct"].get<double>());
    for (auto& b : part.benchmarks)
      if (b.name == "host/steal") b.derived["max_cpu_steal_pct"] = mx;
  }
  if (!all.front()->v.count("%steal")) part.warnings.push_back("no %steal column: steal is not known, only iowait");
  if (in.windows.empty()) part.warnings.push_back("one mpstat report without an interval: the shares since boot, not a run");
  else if (!since_boot && all.size() == 1 && !avg_all)
    part.warnings.push_back("one mpstat interval report and no Average: line (a cut paste?): one window");
  return part;
}

ImportPart parse_mpstat(std::string_view text, const std::string& file) { return parse_sysstat(text, file, false); }

const RegisterFormat reg_mpstat{{"mpstat", "mpstat output (CPU %usr ... %irq %soft %steal ... %idle)", detect_mpstat, parse_mpstat}};
// sar -u is read by the same code (parse_sysstat(..., true)) but not registered until real `sar -u` outputs are
// kept as fixtures (tests/data/imports/sar-cpu/): its detection already yields to it (detect_mpstat
// returns 0 for sar's column order).

}  // namespace

}  // namespace gpuaudit::imports
