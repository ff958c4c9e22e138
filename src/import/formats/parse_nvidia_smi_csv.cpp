// `nvidia-smi --query-gpu=... --format=csv[,nounits] [-l N | -lms N]` logs: a telemetry timeline per
// GPU (ImportPart.timelines), the only evidence many users have of what the card did under load; and,
// from each GPU's first row, the identity and state columns (name, bus id, limits, max clocks, link
// maximum) into GpuInfo. `--query-compute-apps` CSV fills GpuInfo.processes.
//
// Columns are known only from the header line: nvidia-smi's names ("power.draw [W]", "clocks.sm
// [MHz]", "clocks_event_reasons.active") say what each holds, and the user picks which and in what
// order. A `noheader` log has no header, but a paste that keeps its command line ("$ nvidia-smi
// --query-gpu=name,temperature.gpu --format=csv,noheader") names the columns there, in order: that
// list is read as the header. A `noheader` log without its command is recognised (so it gets a clear
// message rather than "unknown format") but not read: guessing the columns would turn a power figure
// into a clock.
//
// Rows name their GPU by an index, pci.bus_id or uuid column. A query without one prints the GPUs in
// index order, once per poll: the rows are told apart by the command's -i list, by a repeating
// sequence of names, by the gaps between polls in the timestamps, or (a one-shot query) by position;
// when nothing tells them apart they are one GPU's rows and a warning says so.
#include "import/import.hpp"
#include "import/text/line_parser.hpp"
#include "import/text/smi_command_line.hpp"
#include "import/text/smi_values.hpp"
#include "probe/clock_reasons.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <utility>

namespace gpuaudit::imports {

namespace {

using smi::trim;

std::vector<std::string> split_csv(std::string_view line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i)
    if (i == line.size() || line[i] == ',') {
      out.emplace_back(trim(line.substr(start, i - start)));
      start = i + 1;
    }
  return out;
}

// "power.draw [W]" -> "power.draw"; lower case.
std::string column_name(std::string_view field) {
  field = trim(field);
  if (auto b = field.find(" ["); b != std::string_view::npos) field = field.substr(0, b);
  return smi::lower(trim(field));
}

bool looks_like_query_name(std::string_view f) {
  const std::string n = column_name(f);
  if (n.empty()) return false;
  for (char c : n)
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '_'))
      return false;
  return std::isalpha(static_cast<unsigned char>(n[0])) != 0;
}

// Names that mark a --query-gpu / --query-compute-apps header (any one, with the rest query-like).
const std::set<std::string>& known_columns() {
  static const std::set<std::string> k = {
      "timestamp", "index", "name", "gpu_name", "pci.bus_id", "gpu_bus_id", "uuid", "gpu_uuid", "driver_version",
      "utilization.gpu", "utilization.memory", "clocks.sm", "clocks.current.sm", "clocks.mem", "clocks.memory",
      "clocks.current.memory", "clocks.max.sm", "clocks.max.memory", "clocks.max.mem", "power.draw",
      "power.draw.average", "power.draw.instant", "power.limit", "enforced.power.limit", "power.default_limit",
      "power.min_limit", "power.max_limit", "temperature.gpu", "temperature.memory", "pcie.link.gen.current",
      "pcie.link.gen.max", "pcie.link.width.current", "pcie.link.width.max", "pcie.link.gen.gpucurrent",
      "pcie.link.gen.gpumax", "pcie.link.gen.hostmax", "clocks_event_reasons.active", "clocks_throttle_reasons.active",
      "memory.total", "memory.used", "memory.free", "pstate", "fan.speed", "pid", "process_name", "used_gpu_memory",
      "used_memory", "mig.mode.current", "persistence_mode", "compute_mode", "ecc.mode.current", "count",
      "compute_cap"};
  return k;
}

// A column nvidia-smi's --query-gpu prints: a known one, or one of the clock-event reasons' family
// ("clocks_throttle_reasons.supported", "clocks_event_reasons.hw_slowdown"), which are many.
bool query_column(const std::string& n) {
  return known_columns().count(n) || n.rfind("clocks_event_reasons.", 0) == 0 || n.rfind("clocks_throttle_reasons.", 0) == 0;
}

struct Header {
  int line = 0;
  std::vector<std::string> names;  // per column, column_name()
  bool one_column = false;         // a single field: its rows are checked like a noheader command's
};

// A one-field header ("compute_cap", "power.limit [W]") is a line of one word, which many texts
// have, so it is taken only where the word names nvidia-smi's column by itself: a known column with
// its unit ("memory.total [MiB]") or a dotted / underscored name ("power.limit", "driver_version",
// "compute_cap"), or any known column right under the command that asked for it alone
// ("--query-gpu=name --format=csv", then "name"). A bare "name" or "index" on its own is not one.
std::optional<Header> one_column_header(std::string_view field, int no, const std::optional<smi::QueryCommand>& above) {
  const std::string n = column_name(field);
  if (!looks_like_query_name(field) || !query_column(n)) return std::nullopt;
  const bool asked = above && !above->noheader && !above->compute_apps && above->fields.size() == 1 &&
                     column_name(above->fields.front()) == n;
  const bool named_by_itself = field.find(" [") != std::string_view::npos || n.find_first_of("._") != std::string::npos;
  if (!asked && !named_by_itself) return std::nullopt;
  Header h;
  h.line = no;
  h.names = {n};
  h.one_column = true;
  return h;
}

// `above`: the --query-gpu command on the line before, if any.
std::optional<Header> header_of(std::string_view line, int no, const std::optional<smi::QueryCommand>& above = std::nullopt) {
  const auto f = split_csv(line);
  if (f.size() == 1) return one_column_header(f.front(), no, above);
  if (f.size() < 2) return std::nullopt;
  int known = 0;
  for (const auto& x : f) {
    if (!looks_like_query_name(x)) return std::nullopt;
    if (query_column(column_name(x))) ++known;
  }
  if (known == 0) return std::nullopt;
  Header h;
  h.line = no;
  for (const auto& x : f) h.names.push_back(column_name(x));
  return h;
}

// nvidia-smi's timestamp column as a whole field ("2024/05/01 12:00:01.123"), not a log line's
// stamp followed by its message ("2025-03-15T22:56:00.493804 - expected str").
bool timestamp_field(std::string_view f) {
  if (!smi::timestamp_seconds(f)) return false;
  for (const char c : trim(f))
    if (!std::isdigit(static_cast<unsigned char>(c)) && !std::strchr("/-: .T", c)) return false;
  return true;
}

// A data row of a noheader log: its first field is a "YYYY/MM/DD hh:mm:ss" timestamp, it holds a bus
// id, or it has two values with the units --format=csv writes ("61.20 W", "1410 MHz", "81559 MiB", "45 %").
bool looks_like_headerless_row(std::string_view line) {
  const auto f = split_csv(line);
  if (f.size() < 3) return false;
  if (timestamp_field(f[0])) return true;
  int with_unit = 0;
  for (const auto& x : f) {
    if (x.size() == 16 && x[8] == ':' && x[11] == ':' && x[14] == '.') return true;  // 00000000:3B:00.0
    const std::size_t sp = x.rfind(' ');
    if (sp == std::string::npos || !smi::number(x.substr(0, sp))) continue;
    const std::string unit = x.substr(sp + 1);
    if (unit == "W" || unit == "MHz" || unit == "MiB" || unit == "%") ++with_unit;
  }
  return with_unit >= 2;
}

// The header a `noheader` command line stands for: its --query-gpu list, in order.
Header header_from_command(const smi::QueryCommand& cmd, int no) {
  Header h;
  h.line = no;
  for (const auto& f : cmd.fields) h.names.push_back(column_name(f));
  return h;
}

// A command whose output has no header of its own, and is nvidia-smi's text (not piped through a filter).
bool headerless_query(const std::optional<smi::QueryCommand>& c) { return c && c->csv && c->noheader && !c->transformed; }

// nvidia-smi's own messages where its rows would be ("No devices were found", "Field "x" is not a
// valid field to query."): the end of that command's output, not a GPU named so.
bool smi_message(std::string_view line) {
  const std::string l = smi::lower(trim(line));
  return l.rfind("no devices were found", 0) == 0 || l.find("is not a valid field") != std::string::npos ||
         l.find("nvidia-smi has failed") != std::string::npos || l.rfind("failed to initialize nvml", 0) == 0 ||
         l.rfind("error:", 0) == 0;
}

// Whether a column holds a number ("power.draw", "utilization.gpu", "index").
bool numeric_column(const std::string& n) {
  for (const char* p : {"utilization.", "clocks.", "power.", "enforced.power", "temperature.", "pcie.link.", "memory.",
                        "fan.", "index", "count", "pid", "used_"})
    if (n.rfind(p, 0) == 0) return true;
  return false;
}

// Under a command line the field count is all that ties a line to the command, and with one or
// two fields any line of a log fits. So each value must also look like what nvidia-smi prints for
// its column: a number (or N/A) where the column is numeric, and no "key: value" text or a long
// sentence anywhere ("DEBUG:gpu-utils:... NV query response: [105.00]" is not a power limit).
bool plausible_row(const std::vector<std::string>& names, const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size() && i < names.size(); ++i) {
    const std::string& v = fields[i];
    if (v.size() > 96 || v.find(": ") != std::string::npos) return false;
    if (numeric_column(names[i]) && !smi::number(v) && !smi::is_absent(v)) return false;
  }
  return true;
}

// A row under a one-field header: a value of that column, not the next output pasted after it (the
// summary table's "+-----" and "| NVIDIA-SMI" lines are one "field" each, like any line).
bool one_column_row(const std::vector<std::string>& names, const std::vector<std::string>& fields) {
  if (fields.size() != 1 || fields.front().empty()) return false;
  const std::string& v = fields.front();
  if (v.find('|') != std::string::npos || v.front() == '+' || v.front() == '=' || v.front() == '#') return false;
  return plausible_row(names, fields);
}

// The rows a `noheader` command line is followed by, for detection: lines with as many fields as
// the command asked for, each value plausible, up to the next prompt or command.
int rows_after_command(const std::vector<std::pair<int, std::string_view>>& lines, std::size_t at, const Header& h) {
  int rows = 0;
  for (std::size_t i = at + 1; i < lines.size() && i < at + 400; ++i) {
    const std::string_view l = trim(lines[i].second);
    if (l.empty() || l.front() == '#') continue;
    if (smi::query_command(l) || smi::looks_like_prompt(l) || smi_message(l)) break;
    const auto f = split_csv(l);
    if (f.size() == h.names.size() && plausible_row(h.names, f)) ++rows;
  }
  return rows;
}

int detect_csv(std::string_view text) {
  const std::string_view head = text.substr(0, 64 * 1024);
  if (head.find("<nvidia_smi_log") != std::string_view::npos || head.find("NVSMI LOG") != std::string_view::npos) return 0;
  const auto score_of = [](const std::vector<std::string>& names, int base) {
    int score = base;
    for (const auto& n : names)
      if (n == "pci.bus_id" || n == "utilization.gpu" || n == "index" || n == "timestamp" || n == "power.draw" ||
          n == "clocks.sm" || n == "gpu_bus_id" || n == "pid")
        score += 10;
    return std::min(score, 95);
  };
  int headerless_rows = 0, rows = 0;
  std::optional<smi::QueryCommand> above;  // the command on the previous non-blank line
  const auto lines = smi::numbered_lines(head);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& [no, line] = lines[i];
    if (trim(line).empty()) continue;
    if (auto h = header_of(line, no, above)) {
      if (!h->one_column) return score_of(h->names, 40);
      // One column: claimed as weakly as a one-field noheader query, and only with a value under it.
      for (std::size_t k = i + 1; k < lines.size(); ++k) {
        if (trim(lines[k].second).empty()) continue;
        if (one_column_row(h->names, split_csv(lines[k].second))) return 25;
        break;
      }
    }
    above = smi::query_command(line);
    // A `noheader` log under its command line: as certain as a header when the rows fit its fields;
    // a one-field query (any line fits one field) less so.
    if (const auto c = smi::query_command(line); headerless_query(c)) {
      const Header h = header_from_command(*c, no);
      if (rows_after_command(lines, i, h) > 0) return c->fields.size() > 1 ? score_of(h.names, 40) : 25;
      // The query failed ("Field "x" is not a valid field to query."): claimed, so the parse can say so.
      for (std::size_t k = i + 1; k < lines.size() && k < i + 6; ++k)
        if (smi_message(lines[k].second)) return 25;
    }
    if (looks_like_headerless_row(line)) ++headerless_rows;
    if (++rows > 200) break;
  }
  // A noheader log: claimed weakly, so the parse can say why nothing is read.
  return headerless_rows >= 1 ? 15 : 0;
}

struct Row {
  int line = 0;
  int block = 0;  // which command's / header's output the row belongs to
  std::map<std::string, std::string> v;  // column name -> value as printed
  const std::string* get(std::initializer_list<const char*> names) const {
    for (const char* n : names)
      if (auto it = v.find(n); it != v.end() && !smi::is_absent(it->second)) return &it->second;
    return nullptr;
  }
};

std::optional<double> num(const Row& r, std::initializer_list<const char*> names) {
  const std::string* s = r.get(names);
  return s ? smi::number(*s) : std::nullopt;
}
std::optional<int> inum(const Row& r, std::initializer_list<const char*> names) {
  const std::string* s = r.get(names);
  return s ? smi::integer(*s) : std::nullopt;
}

// The active reasons of one row: the hex mask column, or the per-reason Active/Not Active columns.
std::optional<std::vector<std::string>> reasons_of(const Row& r) {
  if (const std::string* m = r.get({"clocks_event_reasons.active", "clocks_throttle_reasons.active"})) {
    std::string s = smi::lower(trim(*m));
    if (s.rfind("0x", 0) == 0) s = s.substr(2);
    if (s.empty() || s.size() > 16 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
      return std::nullopt;
    return clock_reason_names(std::stoull(s, nullptr, 16));
  }
  std::uint64_t mask = 0;
  bool any = false;
  for (const auto& [k, v] : r.v) {
    if (k.rfind("clocks_event_reasons.", 0) != 0 && k.rfind("clocks_throttle_reasons.", 0) != 0) continue;
    const std::uint64_t bit = smi::clock_reason_bit(k.substr(k.find('.') + 1));
    const auto on = smi::active(v);
    if (bit == 0 || !on) continue;
    any = true;
    if (*on) mask |= bit;
  }
  if (!any) return std::nullopt;
  return clock_reason_names(mask);
}

TimelineSample sample_of(const Row& r, std::optional<double> t0) {
  TimelineSample s;
  if (const std::string* ts = r.get({"timestamp"}); ts && t0)
    if (auto t = smi::timestamp_seconds(*ts)) s.t_s = *t - *t0;
  s.sm_clock_mhz = num(r, {"clocks.sm", "clocks.current.sm"});
  s.mem_clock_mhz = num(r, {"clocks.mem", "clocks.memory", "clocks.current.memory"});
  s.power_w = num(r, {"power.draw", "power.draw.average", "power.draw.instant"});
  s.power_limit_w = num(r, {"enforced.power.limit", "power.limit"});
  s.temperature_c = num(r, {"temperature.gpu"});
  s.gpu_util_pct = num(r, {"utilization.gpu"});
  s.mem_util_pct = num(r, {"utilization.memory"});
  s.pcie_gen = inum(r, {"pcie.link.gen.current"});
  s.pcie_width = inum(r, {"pcie.link.width.current"});
  if (auto rs = reasons_of(r)) {
    s.clock_event_reasons = *rs;
    s.reasons_read = true;
  }
  return s;
}

// Identity and state from a GPU's first row.
void fill_gpu(GpuInfo& g, const Row& r, ImportPart& part) {
  if (const std::string* v = r.get({"name", "gpu_name"})) g.name = *v;
  if (const std::string* v = r.get({"uuid", "gpu_uuid"})) g.uuid = *v;
  if (const std::string* v = r.get({"compute_cap"}); v && smi::number(*v)) g.compute_capability = *v;
  if (const std::string* v = r.get({"pci.bus_id", "gpu_bus_id"})) g.pci_bus_id = smi::bus_id_as_printed(*v);
  if (const std::string* v = r.get({"driver_version"}); v && !part.software.driver_version) {
    part.software.driver_version = *v;
    part.source.version = *v;
  }
  g.power.limit_w = num(r, {"power.limit"});
  g.power.enforced_limit_w = num(r, {"enforced.power.limit"});
  g.power.default_limit_w = num(r, {"power.default_limit"});
  g.power.min_limit_w = num(r, {"power.min_limit"});
  g.power.max_limit_w = num(r, {"power.max_limit"});
  g.power.usage_w = num(r, {"power.draw", "power.draw.average", "power.draw.instant"});
  g.clocks.sm_max_mhz = inum(r, {"clocks.max.sm"});
  g.clocks.mem_max_mhz = inum(r, {"clocks.max.memory", "clocks.max.mem"});
  g.clocks.sm_now_mhz = inum(r, {"clocks.sm", "clocks.current.sm"});
  g.clocks.mem_now_mhz = inum(r, {"clocks.mem", "clocks.memory", "clocks.current.memory"});
  g.pcie.gen_now = inum(r, {"pcie.link.gen.current"});
  g.pcie.gen_max = inum(r, {"pcie.link.gen.max"});
  g.pcie.gen_gpu_max = inum(r, {"pcie.link.gen.gpumax"});
  g.pcie.width_now = inum(r, {"pcie.link.width.current"});
  g.pcie.width_max = inum(r, {"pcie.link.width.max"});
  if (auto v = inum(r, {"pcie.link.gen.hostmax"})) g.pcie.extra["host_gen_max"] = *v;
  if (auto v = inum(r, {"pcie.link.gen.gpucurrent"})) g.pcie.extra["device_gen_now"] = *v;
  g.temperature_c = inum(r, {"temperature.gpu"});
  g.utilization_pct = num(r, {"utilization.gpu"});
  if (const std::string* v = r.get({"memory.total"})) g.memory_total_bytes = smi::mib_bytes(*v);
  if (const std::string* v = r.get({"memory.free"})) g.memory_free_bytes = smi::mib_bytes(*v);
  if (const std::string* v = r.get({"mig.mode.current"})) g.mig.mode_enabled = smi::boolean(*v);
  if (const std::string* v = r.get({"persistence_mode"})) g.persistence_mode = smi::boolean(*v);
  if (const std::string* v = r.get({"compute_mode"})) g.compute_mode = smi::compute_mode(*v);
  if (const std::string* v = r.get({"ecc.mode.current"})) g.ecc.enabled = smi::boolean(*v);
  if (const std::string* v = r.get({"ecc.errors.corrected.volatile.total"})) g.ecc.volatile_corrected = smi::count(*v);
  if (const std::string* v = r.get({"ecc.errors.uncorrected.volatile.total"})) g.ecc.volatile_uncorrected = smi::count(*v);
  if (const std::string* v = r.get({"ecc.errors.uncorrected.aggregate.total"})) g.ecc.aggregate_uncorrected = smi::count(*v);
  if (auto rs = reasons_of(r)) {
    g.clock_event_reasons = *rs;
    g.extra["clock_event_reasons_read"] = true;
  }
  json im = json::object();
  if (const std::string* v = r.get({"pstate"})) im["performance_state"] = *v;
  if (auto v = num(r, {"temperature.memory"})) im["memory_temp_c"] = *v;
  for (auto [key, column] : {std::pair{"fabric_state", "fabric.state"}, {"fabric_status", "fabric.status"}})
    if (const std::string* v = r.get({column}); v && !smi::is_absent(*v)) im[key] = *v;
  if (!im.empty()) g.extra["imported"] = im;
}

bool names_its_gpu(const Row& r) {
  return inum(r, {"index"}) || r.get({"pci.bus_id", "gpu_bus_id"}) || r.get({"uuid", "gpu_uuid"});
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// The GPU index of each row of one command's (or header's) output when no column names the GPU.
// nvidia-smi prints every GPU asked for once per poll, in index order, so a row's place in its poll
// is its GPU; what is left to know is how many rows a poll has. `why_one` is set when nothing tells.
std::vector<int> positions_without_identity(const std::vector<const Row*>& rows, const std::optional<smi::QueryCommand>& cmd,
                                            std::string& why_one) {
  const std::size_t n = rows.size();
  std::vector<int> pos(n, 0);
  const auto by_period = [&](std::size_t p, const std::vector<int>& ids) {
    for (std::size_t i = 0; i < n; ++i) pos[i] = ids.empty() ? static_cast<int>(i % p) : ids[i % p];
    return pos;
  };
  // -i 0 / -i 0,2: the GPUs asked for, in the order given (a bus id or UUID: by position).
  if (cmd && !cmd->ids.empty()) {
    std::vector<int> ids;
    for (const auto& id : cmd->ids)
      if (all_digits(id) && id.size() < 6) ids.push_back(std::stoi(id));
    if (ids.size() != cmd->ids.size()) ids.clear();
    return by_period(cmd->ids.size(), ids);
  }
  if (n < 2) return pos;
  // Different models: the names repeat with the poll ("1080 Ti, 1060, 1080 Ti, 1060").
  std::vector<std::string> names;
  for (const Row* r : rows) names.push_back(r->get({"name", "gpu_name"}) ? *r->get({"name", "gpu_name"}) : "");
  if (std::set<std::string>(names.begin(), names.end()).size() >= 2)
    for (std::size_t p = 2; p <= n; ++p) {
      bool repeats = true;
      for (std::size_t i = p; i < n && repeats; ++i) repeats = names[i] == names[i % p];
      if (repeats) return by_period(p, {});
    }
  // Timestamps: the GPUs of one poll are queried milliseconds apart, the polls an interval apart.
  std::vector<double> ts;
  for (const Row* r : rows)
    if (const std::string* t = r->get({"timestamp"}))
      if (auto v = smi::timestamp_seconds(*t)) ts.push_back(*v);
  if (ts.size() == n) {
    constexpr double kPollGap = 0.05;  // s; nvidia-smi's shortest -lms interval that leaves a gap is far above one query
    std::size_t p = 0;
    for (std::size_t i = 1; i < n && !p; ++i)
      if (ts[i] - ts[i - 1] > kPollGap) p = i;
    if (!p && ts.back() - ts.front() <= kPollGap) p = n;  // one poll
    bool regular = p > 0;
    for (std::size_t i = 1; i < n && regular; ++i) regular = (ts[i] - ts[i - 1] > kPollGap) == (i % p == 0);
    if (regular) return by_period(p, {});
  }
  // A one-shot query (no -l in its command line) prints each GPU once.
  if (cmd && !cmd->loop) return by_period(n, {});
  why_one = "no index, pci.bus_id or uuid column: the " + std::to_string(n) +
            " rows are read as one GPU's (on a machine with several GPUs, log with index or pci.bus_id)";
  return pos;
}

// The output read line by line (line_parser.hpp): blocks of rows, each under a header line or under
// the command whose --query-gpu list names its columns; then GPUs and timelines (or processes).
struct CsvParser {
  ImportPart part;
  std::optional<Header> header;            // what the following rows are read with
  std::optional<Header> first_header;      // the first, for the apps / timeline decision
  std::vector<std::optional<smi::QueryCommand>> block_cmd;  // per block: the command above it, if any
  std::optional<smi::QueryCommand> cmd;    // the last command line seen
  std::optional<smi::QueryCommand> cmd_above;  // the command, if it was the previous non-blank line
  std::vector<Row> rows;
  int headerless = 0, bad = 0, implausible = 0, commands_without_rows = 0;
  std::string first_implausible;
  bool block_has_rows = false;
  std::string first_bad, continued;
  int continued_no = 0;

  void open_block(Header h) {
    if (!block_cmd.empty() && !block_has_rows && headerless_query(block_cmd.back())) ++commands_without_rows;
    header = std::move(h);
    if (!first_header) first_header = header;
    block_cmd.push_back(cmd);
    block_has_rows = false;
  }

  // A command broken over lines with trailing backslashes reads as one line, at its first line.
  void on_line(std::string_view raw, int no) {
    const std::string_view t0 = trim(raw);
    const bool ends_in_backslash = !t0.empty() && t0.back() == '\\';
    if (continued.empty() && !(ends_in_backslash && t0.find("nvidia-smi") != std::string_view::npos)) {
      read_line(raw, no);
      return;
    }
    if (continued.empty()) continued_no = no;
    continued += std::string(ends_in_backslash ? t0.substr(0, t0.size() - 1) : t0) + " ";
    if (ends_in_backslash) return;
    std::string joined;
    joined.swap(continued);
    read_line(joined, continued_no);
  }

  void read_line(std::string_view line, int no) {
    if (trim(line).empty()) return;
    const std::optional<smi::QueryCommand> above = std::exchange(cmd_above, std::nullopt);
    if (auto c = smi::query_command(line)) {
      cmd = c;
      cmd_above = c;
      if (headerless_query(cmd)) {
        open_block(header_from_command(*cmd, no));
        if (!part.source.line) part.source.line = no;
      } else {
        header.reset();  // its own header line follows
      }
      return;
    }
    if (auto h = header_of(line, no, above)) {
      if (!part.source.line) part.source.line = no;
      open_block(*h);  // a log appended to by a second nvidia-smi run repeats the header
      return;
    }
    const bool from_command = header && headerless_query(block_cmd.back());
    if (from_command && smi_message(line)) {
      part.skipped.push_back("line " + std::to_string(no) + ": nvidia-smi said \"" +
                             std::string(smi::utf8_prefix(trim(line), 160)) + "\" instead of rows");
      header.reset();
      return;
    }
    if (smi::looks_like_prompt(line)) {  // the next command: the rows above it are over
      header.reset();
      cmd.reset();
      return;
    }
    if (!header) {
      if (looks_like_headerless_row(line)) ++headerless;
      return;  // prompt lines, the command itself
    }
    if (from_command && trim(line).front() == '#') return;  // a comment the poster typed ("# Output")
    read_row(line, no, from_command);
  }

  void read_row(std::string_view line, int no, bool from_command) {
    const auto f = split_csv(line);
    if (f.size() != header->names.size()) {
      if (bad++ == 0)
        first_bad = "line " + std::to_string(no) + ": " + std::to_string(f.size()) + " fields where the " +
                    (from_command ? "command's --query-gpu list" : std::string("header")) + " (line " +
                    std::to_string(header->line) + ") has " + std::to_string(header->names.size());
      return;
    }
    if (header->one_column && !one_column_row(header->names, f)) {  // the next paste: this output is over
      header.reset();
      return;
    }
    if (from_command && !plausible_row(header->names, f)) {
      if (implausible++ == 0)
        first_implausible = "line " + std::to_string(no) + ": not values of the command's --query-gpu fields (line " +
                            std::to_string(header->line) + ")";
      return;
    }
    Row r;
    r.line = no;
    r.block = static_cast<int>(block_cmd.size()) - 1;
    for (std::size_t i = 0; i < f.size(); ++i) r.v[header->names[i]] = f[i];
    rows.push_back(std::move(r));
    block_has_rows = true;
  }

  void finish() {
    if (!block_cmd.empty() && !block_has_rows && headerless_query(block_cmd.back())) ++commands_without_rows;
    if (bad > 0) part.skipped.push_back(first_bad + (bad > 1 ? " (and " + std::to_string(bad - 1) + " more such lines)" : ""));
    if (implausible > 0)
      part.skipped.push_back(first_implausible +
                             (implausible > 1 ? " (and " + std::to_string(implausible - 1) + " more such lines)" : ""));
    if (commands_without_rows > 0 && rows.empty())
      part.skipped.push_back("the --query-gpu command line is there but not its output (no line has its " +
                             std::to_string(first_header ? first_header->names.size() : 0) + " fields)");
    if (!first_header) {
      part.skipped.push_back(headerless > 0 ? "no header line (--format=csv,noheader?): " + std::to_string(headerless) +
                                                  " rows whose columns cannot be known; paste the command line with its "
                                                  "--query-gpu list above them, or log again without noheader"
                                            : "no --query-gpu header line: nothing was read");
      return;
    }
    header = first_header;
    // --query-compute-apps: processes, attached to their GPU by bus id or UUID.
    const bool apps = std::find(header->names.begin(), header->names.end(), "pid") != header->names.end() &&
                      std::find(header->names.begin(), header->names.end(), "utilization.gpu") == header->names.end();
    if (apps) add_processes();
    else add_timelines();
  }

  void add_processes() {
    std::map<std::string, std::size_t> by_gpu;
    for (const auto& r : rows) {
      const std::string* bus = r.get({"gpu_bus_id", "pci.bus_id"});
      const std::string* uuid = r.get({"gpu_uuid", "uuid"});
      const std::string key = bus ? smi::bus_id_as_printed(*bus) : uuid ? *uuid : "";
      auto it = by_gpu.find(key);
      if (it == by_gpu.end()) {
        GpuInfo g;
        g.index = static_cast<int>(part.gpus.size());
        if (bus) g.pci_bus_id = key;
        if (uuid) g.uuid = *uuid;
        if (const std::string* n = r.get({"gpu_name"})) g.name = *n;
        SourceRef s = part.source;
        s.line = r.line;
        g.extra = json::object();
        g.extra["source"] = source_json(s);
        part.gpus.push_back(std::move(g));
        it = by_gpu.emplace(key, part.gpus.size() - 1).first;
      }
      GpuProcess p;
      if (auto pid = num(r, {"pid"})) p.pid = static_cast<std::int64_t>(*pid);
      if (const std::string* n = r.get({"process_name", "name"})) p.name = *n;
      if (const std::string* m = r.get({"used_gpu_memory", "used_memory"})) p.used_memory_bytes = smi::mib_bytes(*m);
      part.gpus[it->second].processes.push_back(std::move(p));
    }
    if (by_gpu.size() > 1 || (by_gpu.size() == 1 && !by_gpu.begin()->first.empty())) return;
    part.warnings.push_back("compute-apps rows without gpu_bus_id or gpu_uuid: their GPU is not known");
  }

  // Rows that name no GPU: their place in their block's polls.
  std::map<const Row*, int> places_of_anonymous_rows() {
    std::map<const Row*, int> place;
    std::map<int, std::vector<const Row*>> anonymous;
    for (const auto& r : rows)
      if (!names_its_gpu(r)) anonymous[r.block].push_back(&r);
    for (const auto& [block, rs] : anonymous) {
      std::string why_one;
      const auto pos = positions_without_identity(rs, block_cmd[static_cast<std::size_t>(block)], why_one);
      for (std::size_t i = 0; i < rs.size(); ++i) place[rs[i]] = pos[i];
      if (!why_one.empty()) part.warnings.push_back("line " + std::to_string(rs.front()->line) + ": " + why_one);
    }
    return place;
  }

  // Timelines, one per GPU: by index, else bus id, else UUID, else one GPU.
  void add_timelines() {
    std::optional<double> t0;
    for (const auto& r : rows)
      if (const std::string* ts = r.get({"timestamp"}))
        if (auto t = smi::timestamp_seconds(*ts)) {
          t0 = *t;
          break;
        }
    std::map<std::string, int> index_of;  // GPU key -> index
    std::map<int, std::size_t> timeline_of;
    const std::map<const Row*, int> place = places_of_anonymous_rows();
    for (const auto& r : rows) {
      std::string key;
      std::optional<int> idx = inum(r, {"index"});
      if (idx) key = "index:" + std::to_string(*idx);
      else if (const std::string* b = r.get({"pci.bus_id", "gpu_bus_id"})) key = "bus:" + smi::bus_id_as_printed(*b);
      else if (const std::string* u = r.get({"uuid", "gpu_uuid"})) key = "uuid:" + *u;
      else if (auto p = place.find(&r); p != place.end()) idx = p->second, key = "index:" + std::to_string(p->second);
      auto it = index_of.find(key);
      if (it == index_of.end()) {
        const int gi = idx ? *idx : static_cast<int>(index_of.size());
        it = index_of.emplace(key, gi).first;
        GpuInfo g;
        g.index = gi;
        g.extra = json::object();
        fill_gpu(g, r, part);
        SourceRef s = part.source;
        s.line = r.line;
        g.extra["source"] = source_json(s);
        part.gpus.push_back(std::move(g));
        timeline_of[gi] = part.timelines.size();
        part.timelines.push_back({gi, {}});
      }
      part.timelines[timeline_of[it->second]].second.push_back(sample_of(r, t0));
    }
    std::sort(part.gpus.begin(), part.gpus.end(), [](const GpuInfo& a, const GpuInfo& b) { return a.index < b.index; });
    std::sort(part.timelines.begin(), part.timelines.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    add_unmapped_columns();
    if (rows.empty() && commands_without_rows == 0)
      part.skipped.push_back("line " + std::to_string(header->line) + ": a header but no data rows");
  }

  void add_unmapped_columns() {
    std::set<std::string> unknown;
    for (const auto& n : header->names)
      if (!query_column(n) && n.rfind("ecc.errors.", 0) != 0)
        unknown.insert(n);
    if (!unknown.empty() && !rows.empty()) {
      json cols = json::array();
      for (const auto& u : unknown) cols.push_back(u);
      part.imported = json{{"nvidia-smi-csv", {{"unmapped_columns", cols}}}};
    }
  }
};

const RegisterFormat reg{{"nvidia-smi-csv", "nvidia-smi --query-gpu/--query-compute-apps CSV (with a header, or noheader under its command line)", detect_csv,
                          line_parse<CsvParser>("nvidia-smi")}};

}  // namespace

}  // namespace gpuaudit::imports
