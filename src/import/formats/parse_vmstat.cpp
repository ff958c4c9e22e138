// `vmstat [options] [interval [count]]` output: a group line (`procs ---memory--- ... ---cpu---`),
// a column line (`r b swpd free buff cache si so bi bo in cs us sy id wa st`), one line per report.
// People post it when a GPU VM feels slow. Its cpu columns are shares of the CPU time over the
// interval, from the same /proc/stat ticks gpuaudit's host/steal reads: `st` is the time the
// hypervisor ran something else while this guest wanted the CPU, `wa` idle time with I/O
// outstanding. So they become the same host/steal and host/iowait rows (host_rows.hpp).
//
// The first report of an invocation is the average SINCE BOOT (vmstat(8): "The first report
// produced gives averages since the last reboot"), not an interval: it is kept apart
// (derived.first_report_pct) and not counted in the whole run, unless it is all there is (plain
// `vmstat`), when it is the one sample and the row says "since boot". vmstat repeats its two header
// lines every screenful; a header right after a report line is that repetition, a header after
// anything else (a prompt, text, the start of the file) starts a new invocation with its own
// since-boot line. `-y` drops the since-boot line and cannot be seen in the output: say so.
// Columns are found by name (-a prints inact/active, -w widens, procps 4 adds `gu`, vmstat before
// procps 3.2.x has no `st`); `-t` adds a timestamp at the end (the header names the zone), Oracle's
// ExaWatcher puts a time first. Values are whole percent: one point is vmstat's resolution.
#include "import/rows/host_rows.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace gpuaudit::imports {

namespace {

using smi::trim;
using smi::words;

const std::set<std::string>& known_columns() {
  static const std::set<std::string> k = {"r",  "b",  "swpd", "free", "buff", "cache", "inact", "active", "si", "so",
                                          "bi", "bo", "in",   "cs",   "us",   "sy",    "id",    "wa",     "st", "gu"};
  return k;
}

bool group_line(std::string_view l) {
  return l.find("procs") != std::string_view::npos && l.find("-cpu-") != std::string_view::npos &&
         l.find("memory") != std::string_view::npos;
}

// The column names from `r` to the last vmstat column (a -t zone name after them is dropped).
std::optional<std::vector<std::string>> column_line(std::string_view l) {
  auto w = words(l);
  std::size_t start = 0;
  while (start < w.size() && w[start] != "r") ++start;
  if (start >= w.size()) return std::nullopt;
  std::vector<std::string> cols;
  for (std::size_t i = start; i < w.size() && known_columns().count(w[i]); ++i) cols.push_back(w[i]);
  const auto has = [&](const char* c) { return std::find(cols.begin(), cols.end(), c) != cols.end(); };
  if (!has("b") || !has("us") || !has("sy") || !has("id")) return std::nullopt;
  return cols;
}

bool is_number(std::string_view v) {
  return !v.empty() && v.size() <= 18 &&
         std::all_of(v.begin(), v.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// "HH:MM:SS" -> seconds of the day.
std::optional<double> clock_of(std::string_view t) {
  if (t.size() != 8 || t[2] != ':' || t[5] != ':') return std::nullopt;
  for (std::size_t i : {0u, 1u, 3u, 4u, 6u, 7u})
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
  return ((t[0] - '0') * 10 + (t[1] - '0')) * 3600.0 + ((t[3] - '0') * 10 + (t[4] - '0')) * 60.0 + (t[6] - '0') * 10 + (t[7] - '0');
}

// `vmstat 1 10`, `$ vmstat -w 5` ...: the interval, when the paste keeps its command line.
std::optional<double> interval_from_command(std::string_view l) {
  const auto at = l.find("vmstat");
  if (at == std::string_view::npos) return std::nullopt;
  auto w = words(l.substr(at + 6));
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == "-S" || w[i] == "--unit" || w[i] == "-p" || w[i] == "--partition" || w[i] == "-c") {
      ++i;  // options that take a value
      continue;
    }
    if (!w[i].empty() && w[i][0] == '-') continue;
    if (is_number(w[i]) && w[i].size() < 7) {
      const double v = std::stod(w[i]);
      return v > 0 ? std::optional<double>(v) : std::nullopt;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

int detect_vmstat(std::string_view text) {
  bool group = false;
  for (const auto& [no, line] : smi::head_lines(text, 400)) {
    const auto l = trim(line);
    if (group_line(l)) group = true;
    else if (group && column_line(l)) return 85;
    else group = false;
  }
  return 0;
}

struct Report {
  int line;
  std::map<std::string, double> v;
  std::optional<double> clock;  // seconds of the day, from a -t or ExaWatcher time
  bool since_boot;
};

ImportPart parse_vmstat(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"vmstat", "", file, 0};
  std::optional<std::vector<std::string>> cols;
  bool after_report = false, next_is_first = false, group_seen = false;
  std::optional<double> interval;
  std::vector<Report> reports;
  int bad = 0, invocations = 0;
  std::string first_bad;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (l.empty()) continue;
    if (group_line(l)) {
      group_seen = true;
      continue;
    }
    if (auto c = column_line(l); c && group_seen) {
      if (!after_report) {  // a new invocation, not vmstat's repeated header
        next_is_first = true;
        ++invocations;
      }
      cols = c;
      group_seen = false;
      continue;
    }
    group_seen = false;
    if (!interval)
      if (auto i = interval_from_command(l)) interval = i;
    if (!cols) continue;
    auto w = words(l);
    // A leading time (ExaWatcher), then the numbers, then perhaps a -t date and time.
    std::optional<double> clock;
    std::size_t at = 0;
    if (!w.empty() && (clock = clock_of(w[0]))) at = 1;
    if (w.size() < at + cols->size() || !std::all_of(w.begin() + static_cast<std::ptrdiff_t>(at),
                                                      w.begin() + static_cast<std::ptrdiff_t>(at + cols->size()),
                                                      [](const std::string& x) { return is_number(x); })) {
      // Text after a report ends the table (a prompt, the next command); count only what looks cut.
      if (after_report && !w.empty() && is_number(w[0])) {
        if (bad++ == 0)
          first_bad = "line " + std::to_string(no) + ": " + std::to_string(w.size()) + " fields where the header has " +
                      std::to_string(cols->size()) + " numbers";
      } else {
        cols.reset();  // a new header is needed
      }
      after_report = false;
      continue;
    }
    if (!clock && w.size() >= at + cols->size() + 2) clock = clock_of(w[at + cols->size() + 1]);  // -t: date time
    Report r{no, {}, clock, next_is_first};
    for (std::size_t i = 0; i < cols->size(); ++i) r.v[(*cols)[i]] = std::stod(w[at + i]);
    reports.push_back(std::move(r));
    next_is_first = false;
    after_report = true;
  }
  if (bad > 0) part.skipped.push_back(first_bad + (bad > 1 ? " (and " + std::to_string(bad - 1) + " more such lines)" : ""));
  if (reports.empty()) {
    part.skipped.push_back("no vmstat header (procs ... cpu) with report lines under it: nothing was read");
    return part;
  }
  // Interval from the clocks when the command line is not in the paste.
  if (!interval) {
    std::vector<double> d;
    for (std::size_t i = 1; i < reports.size(); ++i)
      if (reports[i].clock && reports[i - 1].clock && !reports[i].since_boot && *reports[i].clock > *reports[i - 1].clock)
        d.push_back(*reports[i].clock - *reports[i - 1].clock);
    if (!d.empty()) {
      std::sort(d.begin(), d.end());
      interval = d[d.size() / 2];
    }
  }

  HostShareInput in;
  in.tool = "vmstat";
  in.interval_s = interval;
  in.line = reports.front().line;
  in.first_report_is = "since boot";
  auto shares = [](const Report& r) {
    CpuShares s;
    s.idle = r.v.at("id");
    s.iowait = r.v.count("wa") ? r.v.at("wa") : 0;
    s.has_steal = r.v.count("st") > 0;
    s.steal = s.has_steal ? r.v.at("st") : 0;
    return s;
  };
  int since_boot = 0;
  for (const auto& r : reports) {
    if (r.since_boot) {
      ++since_boot;
      if (!in.first_report) in.first_report = shares(r);  // the first invocation's; later ones are in params
      continue;
    }
    in.windows.push_back(shares(r));
  }
  part.benchmarks = host_share_rows(in, part.source);
  std::vector<double> runq, blocked;
  for (const auto& r : reports)
    if (!r.since_boot) runq.push_back(r.v.at("r")), blocked.push_back(r.v.at("b"));
  for (auto& b : part.benchmarks) {
    b.params["invocations"] = invocations;
    if (!runq.empty()) {
      // r counts running and runnable tasks: above the vCPUs, work queues for a CPU. Shown (vmstat
      // does not say how many vCPUs there are), not judged.
      b.params["run_queue_max"] = *std::max_element(runq.begin(), runq.end());
      b.params["blocked_max"] = *std::max_element(blocked.begin(), blocked.end());
    }
  }
  if (!reports.front().v.count("st"))
    part.warnings.push_back("no st column (vmstat before procps 3.2.x): steal is not known, only iowait");
  if (since_boot > 0 && !in.windows.empty())
    part.warnings.push_back("the first report of each vmstat run (" + std::to_string(since_boot) +
                            ") is the average since boot and is not counted in the run (run with -y, it is not printed)");
  if (in.windows.empty())
    part.warnings.push_back("one vmstat report only: the average since boot, not a measurement of a run");
  return part;
}

const RegisterFormat reg{{"vmstat", "vmstat output (procs ... cpu header: us sy id wa st)", detect_vmstat, parse_vmstat}};

}  // namespace

}  // namespace gpuaudit::imports
