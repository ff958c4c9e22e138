// `nvidia-smi dmon [-s pucvmet] [-o DT] [-i ...]` output: one whitespace-aligned line per GPU per
// sample under a `# gpu pwr gtemp ...` header and a `# Idx W C ...` units line. People post it while
// a job runs far more often than a --query-gpu log, and it is the same telemetry under load the
// rules read (SM clock, temperature, power, utilisation), so it becomes the same ImportPart.timelines
// as parse_nvidia_smi_csv.cpp and thence the same `telemetry/under-load` rows (merge.cpp).
//
// The columns are known only from the header: `-s` picks the groups and drivers add columns over
// time (jpg/ofa, fb/bar1/ccpm, rxpci/txpci), older ones print `temp` for `gtemp`. dmon's `sm` is the
// utilisation NVML reports (the % of time a kernel ran, the same figure as --query-gpu's
// utilization.gpu), so the under-load criterion is the CSV path's. `pclk` is the graphics clock,
// which dmon and -q print equal to the SM clock. dmon prints no name, bus id, max clock or power
// limit: the model comes from a -q/-L file beside it (GPUs merge by index), the maxima from there or
// the baseline. `-` is dmon's "not supported".
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// Whitespace- (or, with --format csv, comma-) separated fields.
std::vector<std::string> fields_of(std::string_view line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ' ' || c == '\t' || c == ',') {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

// The metric columns any dmon header has; a header needs `gpu` and at least two of them, so that
// `nvidia-smi pmon` (# gpu pid type sm mem ...) is not taken for dmon.
const std::set<std::string>& metric_columns() {
  static const std::set<std::string> k = {"pwr", "gtemp", "temp", "mtemp", "mclk", "pclk", "pviol", "tviol"};
  return k;
}

// "# gpu   pwr  gtemp ..." or "#Date Time gpu pwr ..." -> column names (lower case), nullopt otherwise.
std::optional<std::vector<std::string>> header_of(std::string_view line) {
  line = trim(line);
  if (line.empty() || line[0] != '#') return std::nullopt;
  auto f = fields_of(line.substr(1));
  int metrics = 0;
  bool gpu = false;
  for (auto& x : f) {
    x = smi::lower(x);
    if (x == "gpu") gpu = true;
    if (metric_columns().count(x)) ++metrics;
    if (x == "pid" || x == "command") return std::nullopt;  // pmon
  }
  if (!gpu || metrics < 2) return std::nullopt;
  return f;
}

int detect_dmon(std::string_view text) {
  for (const auto& [no, line] : smi::head_lines(text, 400)) {
    if (header_of(line)) return 90;
  }
  return 0;
}

std::optional<double> value(const std::map<std::string, std::string>& row, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (auto it = row.find(n); it != row.end() && it->second != "-" && !smi::is_absent(it->second))
      return smi::number(it->second);
  return std::nullopt;
}

// -o D prints YYYYMMDD, -o T HH:MM:SS: seconds on one scale (days from a civil date, so a run across
// midnight keeps its order).
std::optional<double> date_days(std::string_view d) {
  if (d.size() != 8 || !std::all_of(d.begin(), d.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  int y = std::stoi(std::string(d.substr(0, 4))), m = std::stoi(std::string(d.substr(4, 2))),
      dd = std::stoi(std::string(d.substr(6, 2)));
  if (m < 1 || m > 12 || dd < 1 || dd > 31) return std::nullopt;
  y -= m <= 2;  // days from civil (H. Hinnant's algorithm)
  const int era = (y >= 0 ? y : y - 399) / 400;
  const int yoe = y - era * 400;
  const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + dd - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return static_cast<double>(era * 146097 + doe);
}
std::optional<double> time_seconds(std::string_view t) {
  if (t.size() < 8 || t[2] != ':' || t[5] != ':') return std::nullopt;
  for (std::size_t i : {0u, 1u, 3u, 4u, 6u, 7u})
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
  auto two = [&](std::size_t i) { return (t[i] - '0') * 10 + (t[i + 1] - '0'); };
  return two(0) * 3600.0 + two(3) * 60.0 + two(6);
}

std::optional<double> timestamp_of(const std::map<std::string, std::string>& row) {
  std::optional<double> t;
  if (auto it = row.find("time"); it != row.end()) t = time_seconds(it->second);
  if (!t) return std::nullopt;
  if (auto it = row.find("date"); it != row.end())
    if (auto d = date_days(it->second)) *t += *d * 86400.0;
  return t;
}

TimelineSample sample_of(const std::map<std::string, std::string>& row, std::optional<double> t0) {
  TimelineSample s;
  if (t0)
    if (auto t = timestamp_of(row)) s.t_s = *t - *t0;
  s.power_w = value(row, {"pwr"});
  s.temperature_c = value(row, {"gtemp", "temp"});
  s.gpu_util_pct = value(row, {"sm"});
  s.mem_util_pct = value(row, {"mem"});
  s.mem_clock_mhz = value(row, {"mclk"});
  s.sm_clock_mhz = value(row, {"pclk"});
  // -s v: the share of the interval the power policy held the clocks down (NVML's
  // PERF_POLICY_POWER violation time, what -q calls "SW Power Cap") and whether the thermal policy
  // did (PERF_POLICY_THERMAL, bool). Named like -q's reasons so the rules read them alike.
  if (auto p = value(row, {"pviol"}); p && *p > 0) s.clock_event_reasons.push_back("sw-power-cap");
  if (auto t = value(row, {"tviol"}); t && *t > 0) s.clock_event_reasons.push_back("sw-thermal");
  s.reasons_read = row.count("pviol") > 0 || row.count("tviol") > 0;
  return s;
}

ImportPart parse_dmon(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"nvidia-smi dmon", "", file, 0};
  std::optional<std::vector<std::string>> header;
  int header_line = 0;
  struct Row {
    int line;
    std::map<std::string, std::string> v;
  };
  std::vector<Row> rows;
  int bad = 0;
  std::string first_bad;
  std::set<std::string> columns;
  for (const auto& [no, line] : smi::numbered_lines(text)) {
    const std::string_view l = trim(line);
    if (l.empty()) continue;
    if (auto h = header_of(l)) {
      if (!header) part.source.line = no;
      header = h;  // dmon repeats its header every screenful; -s may differ in a second run
      header_line = no;
      columns.insert(h->begin(), h->end());
      continue;
    }
    if (l[0] == '#' || !header) continue;  // the units line, prompt lines, the command itself
    const auto f = fields_of(l);
    if (f.size() != header->size()) {
      if (bad++ == 0)
        first_bad = "line " + std::to_string(no) + ": " + std::to_string(f.size()) + " fields where the header (line " +
                    std::to_string(header_line) + ") has " + std::to_string(header->size());
      continue;
    }
    Row r{no, {}};
    for (std::size_t i = 0; i < f.size(); ++i) r.v[(*header)[i]] = f[i];
    const auto gi = value(r.v, {"gpu"});
    if (!gi || *gi < 0 || *gi > 4096 || *gi != static_cast<double>(static_cast<int>(*gi))) {
      if (bad++ == 0) first_bad = "line " + std::to_string(no) + ": no GPU index in the gpu column";
      continue;
    }
    rows.push_back(std::move(r));
  }
  if (bad > 0) part.skipped.push_back(first_bad + (bad > 1 ? " (and " + std::to_string(bad - 1) + " more such lines)" : ""));
  if (!header) {
    part.skipped.push_back("no `# gpu pwr ...` dmon header line: nothing was read");
    return part;
  }
  if (rows.empty()) {
    part.skipped.push_back("line " + std::to_string(header_line) + ": a dmon header but no sample lines");
    return part;
  }

  std::optional<double> t0;
  for (const auto& r : rows)
    if ((t0 = timestamp_of(r.v))) break;
  std::map<int, std::size_t> timeline_of;
  for (const auto& r : rows) {
    const int gi = static_cast<int>(*value(r.v, {"gpu"}));
    auto it = timeline_of.find(gi);
    if (it == timeline_of.end()) {
      GpuInfo g;
      g.index = gi;
      g.extra = json::object();
      SourceRef s = part.source;
      s.line = r.line;
      g.extra["source"] = source_json(s);
      part.gpus.push_back(std::move(g));
      it = timeline_of.emplace(gi, part.timelines.size()).first;
      part.timelines.push_back({gi, {}});
    }
    part.timelines[it->second].second.push_back(sample_of(r.v, t0));
  }
  std::sort(part.gpus.begin(), part.gpus.end(), [](const GpuInfo& a, const GpuInfo& b) { return a.index < b.index; });
  std::sort(part.timelines.begin(), part.timelines.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

  static const std::set<std::string> mapped = {"gpu", "date", "time", "pwr", "gtemp", "temp", "sm",
                                               "mem", "mclk", "pclk", "pviol", "tviol"};
  json unmapped = json::array();
  for (const auto& c : columns)
    if (!mapped.count(c)) unmapped.push_back(c);
  if (!unmapped.empty()) part.imported = json{{"nvidia-smi-dmon", {{"unmapped_columns", unmapped}}}};
  if (!columns.count("pclk"))
    part.warnings.push_back("no pclk column (dmon -s without c): the SM clock under load is not known");
  // Without utilisation (-s without u, or `-` on a MIG-enabled board) and with no power limit in
  // dmon, the importer cannot tell load from idle and takes every sample (import.hpp): say so.
  const bool any_util = std::any_of(part.timelines.begin(), part.timelines.end(), [](const auto& tl) {
    return std::any_of(tl.second.begin(), tl.second.end(), [](const TimelineSample& s) { return s.gpu_util_pct.has_value(); });
  });
  if (!any_util)
    part.warnings.push_back("no sm utilisation in any sample (dmon -s without u, or a MIG-enabled board): load cannot be told "
                            "from idle, every sample counts as under load");
  return part;
}

const RegisterFormat reg{{"nvidia-smi-dmon", "nvidia-smi dmon output (with its # gpu ... header)", detect_dmon, parse_dmon}};

}  // namespace

}  // namespace gpuaudit::imports
