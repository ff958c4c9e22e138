// nccl-tests *_perf output (all_reduce_perf, all_gather_perf, ...), every layout its src/common.cu
// (later src/util.cu) has printed since 2017:
//   2017-2018  "# bytes N type op time algbw busbw res ..."       time in ms, no units line,
//              "res" = the largest deviation from the expected result (not a count)
//   2019-2022  "# size count type redop time algbw busbw error"   units line "(B) (elements) (us)";
//              "error" still a deviation ("0e+00", "2e-07"); 2021 adds a "root" column
//   2022-      "... root time algbw busbw #wrong ..."              #wrong = wrong elements (a count),
//              "N/A" where it is not checked (alltoall in-place); 2025 adds per-iteration columns
//              (i_min i_max i_p99 i_cv%) and "# nccl-tests version X nccl-headers=N nccl-library=N"
// Columns are found by their names in the header line, so a layout between those still reads.
// The mapping onto gpuaudit's nccl/<collective> rows is in docs/import-benchmarks.md.
#include "import/text/bench_text.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"
#include "import/text/smi_values.hpp"

#include "core/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace gpuaudit::imports {

namespace {

using namespace bench;

struct NcclBinary {
  std::string_view binary, collective;
};
// Longest first so "all_reduce_perf" is tried before "reduce_perf".
constexpr NcclBinary kBinaries[] = {
    {"reduce_scatter_perf", "reducescatter"}, {"all_reduce_perf", "allreduce"}, {"all_gather_perf", "allgather"},
    {"alltoallv_perf", "alltoallv"},          {"alltoall_perf", "alltoall"},    {"broadcast_perf", "broadcast"},
    {"hypercube_perf", "hypercube"},          {"sendrecv_perf", "sendrecv"},    {"scatter_perf", "scatter"},
    {"gather_perf", "gather"},                {"reduce_perf", "reduce"},
};

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The collective a binary name in this line names ("./build/all_reduce_perf -b 8", "all_reduce_perf_mpi").
std::optional<std::string> collective_in_line(std::string_view line) {
  for (const auto& b : kBinaries) {
    for (std::size_t p = line.find(b.binary); p != std::string_view::npos; p = line.find(b.binary, p + 1)) {
      if (p > 0 && ident_char(line[p - 1])) continue;  // "all_reduce_perf" is not "reduce_perf"
      return std::string(b.collective);
    }
  }
  return std::nullopt;
}

// "2.18.3" from nccl-library=21803 (2.9 and later: major*10000 + minor*100 + patch; before: *1000).
std::string nccl_version_from_code(long long code) {
  if (code <= 0) return "";
  long long major = 0, minor = 0, patch = 0;
  if (code >= 20900) major = code / 10000, minor = (code % 10000) / 100, patch = code % 100;
  else major = code / 1000, minor = (code % 1000) / 100, patch = code % 100;
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

struct Placement {
  double time_us = 0, algbw = 0, busbw = 0;
  std::optional<double> wrong;  // count (#wrong) or deviation (error/res); nullopt: "N/A"
};

struct DataRow {
  int line = 0;
  long long bytes = 0, count = 0;
  std::string dtype, op;
  std::optional<long long> root;
  std::optional<Placement> oop, ip;
};

struct Table {
  int header_line = 0;
  std::string collective;  // "" until known
  bool collective_guessed = false;
  std::vector<std::string> cols;
  std::vector<std::size_t> group_starts;  // index of each placement's time column
  bool time_in_ms = false;
  bool wrong_is_count = true;
  std::vector<DataRow> rows;
  std::optional<long long> out_of_bounds;
  std::optional<double> avg_busbw;
  int ranks = 0;  // ranks of the run this table belongs to: its rank lines, or the highest rank + 1
  bool ranks_cut = false;  // fewer rank lines than the highest rank says (a paste cut before them)
  std::set<std::string> hosts;
  std::optional<long long> min_bytes, max_bytes;
};

struct RankLine {
  int rank = 0;
  std::string host;
  int device = 0;
  std::string bus;  // "0x18" or "0000:18:00"
  std::string name;
};

// "#  Rank  0 Group  0 Pid  12345 on   host1 device  0 [0x18] NVIDIA H100 80GB HBM3" (and older
// forms without Group / Pid). Tokens after the '#'.
std::optional<RankLine> parse_rank_line(std::string_view body) {
  const auto t = split_ws(body);
  if (t.size() < 6 || t[0] != "Rank") return std::nullopt;
  RankLine r;
  const auto rank = to_int(t[1]);
  if (!rank) return std::nullopt;
  r.rank = static_cast<int>(*rank);
  std::size_t i = 2;
  for (; i + 1 < t.size(); ++i)
    if (t[i] == "on") break;
  if (i + 1 >= t.size()) return std::nullopt;
  r.host = std::string(t[i + 1]);
  std::size_t d = i + 2;
  if (d + 1 >= t.size() || t[d] != "device") return std::nullopt;
  const auto dev = to_int(t[d + 1]);
  if (!dev || *dev < 0 || *dev > 1024) return std::nullopt;
  r.device = static_cast<int>(*dev);
  std::size_t n = d + 2;
  if (n < t.size() && t[n].size() >= 2 && t[n].front() == '[' && t[n].back() == ']') {
    r.bus = std::string(t[n].substr(1, t[n].size() - 2));
    ++n;
  }
  // The name is the rest of the line as printed (it has spaces).
  if (n < t.size()) {
    const auto start = static_cast<std::size_t>(t[n].data() - body.data());
    r.name = std::string(trim(body.substr(start)));
  }
  return r;
}

// "00000000:18:00.0" (nvidia-smi's form) from nccl-tests' "[0000:18:00]" (domain:bus:device);
// "" for the older "[0x18]", which names the bus alone.
std::string full_bus_id(const std::string& bus) {
  const auto a = bus.find(':');
  const auto b = bus.rfind(':');
  if (a == std::string::npos || a == b || a > 8 || b - a != 3 || bus.size() - b != 3) return "";
  std::string domain = bus.substr(0, a);
  for (char c : bus)
    if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':') return "";
  std::string out = std::string(8 - domain.size(), '0') + domain + bus.substr(a) + ".0";
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool is_time_col(std::string_view c) { return c == "time" || c == "cputime"; }

// A column header: "size count type redop root time algbw busbw #wrong time ..." (after '#').
std::optional<Table> parse_column_header(const std::vector<std::string_view>& t, int line) {
  if (t.size() < 5) return std::nullopt;
  if (t[0] != "size" && t[0] != "bytes") return std::nullopt;
  Table tab;
  tab.header_line = line;
  for (auto c : t) tab.cols.emplace_back(c);
  for (std::size_t i = 0; i < t.size(); ++i)
    if (is_time_col(t[i]) && i + 2 < t.size() && t[i + 1] == "algbw" && t[i + 2] == "busbw") tab.group_starts.push_back(i);
  if (tab.group_starts.empty()) return std::nullopt;
  tab.time_in_ms = t[0] == "bytes";  // 2017-2018: ms and no units line (a units line overrides)
  for (std::size_t g : tab.group_starts)
    if (g + 3 < t.size() && t[g + 3] != "#wrong") tab.wrong_is_count = false;
  return tab;
}

std::optional<std::size_t> col_index(const Table& tab, std::initializer_list<std::string_view> names) {
  for (std::size_t i = 0; i < tab.cols.size(); ++i)
    for (auto n : names)
      if (tab.cols[i] == n) return i;
  return std::nullopt;
}

// One placement's four fields at t[g..g+3]; nullopt when they are not numbers.
std::optional<Placement> parse_placement(const std::vector<std::string_view>& t, std::size_t g, bool ms) {
  if (g + 2 >= t.size()) return std::nullopt;
  const auto time = to_double(t[g]);
  const auto alg = to_double(t[g + 1]);
  const auto bus = to_double(t[g + 2]);
  if (!time || !alg || !bus) return std::nullopt;
  Placement p;
  p.time_us = ms ? *time * 1000.0 : *time;
  p.algbw = *alg;
  p.busbw = *bus;
  if (g + 3 < t.size()) p.wrong = to_double(t[g + 3]);  // "N/A" -> nullopt
  return p;
}

enum class RowParse { not_a_row, row, broken };

RowParse parse_data_row(const Table& tab, const std::vector<std::string_view>& t, int line, DataRow& out) {
  if (t.size() < 2) return RowParse::not_a_row;
  const auto bytes = to_int(t[0]);
  const auto count = to_int(t[1]);
  if (!bytes || !count) return RowParse::not_a_row;
  if (*bytes < 0 || *count < 0) return RowParse::broken;
  out = DataRow{};
  out.line = line;
  out.bytes = *bytes;
  out.count = *count;
  const std::size_t lead = tab.group_starts.front();
  if (t.size() < lead + 3) return RowParse::broken;
  if (const auto i = col_index(tab, {"type"}); i && *i < lead) out.dtype = std::string(t[*i]);
  if (const auto i = col_index(tab, {"redop", "op"}); i && *i < lead) out.op = std::string(t[*i]);
  if (const auto i = col_index(tab, {"root"}); i && *i < lead) out.root = to_int(t[*i]);
  out.oop = parse_placement(t, lead, tab.time_in_ms);
  if (tab.group_starts.size() > 1) out.ip = parse_placement(t, tab.group_starts[1], tab.time_in_ms);
  // A row whose out-of-place columns are blank (trace replay prints only in-place) shifts left.
  if (!out.oop) return RowParse::broken;
  return RowParse::row;
}

// Guesses the collective from the shape of the table when no binary name was printed: the count
// column is S / sizeof(type) for allreduce and S / (n * sizeof(type)) for allgather / reducescatter.
std::string guess_collective(const Table& tab) {
  const bool has_op_col = col_index(tab, {"redop", "op"}).has_value();
  std::string op;
  for (const auto& r : tab.rows)
    if (!r.op.empty()) op = r.op;
  const DataRow* big = nullptr;
  for (const auto& r : tab.rows)
    if (!big || r.bytes > big->bytes) big = &r;
  if (!big || big->count == 0 || !big->oop || big->oop->algbw <= 0) return "";
  const double ratio = big->oop->busbw / big->oop->algbw;  // the bus factor
  const double per_elem = static_cast<double>(big->bytes) / static_cast<double>(big->count);
  const bool reducing = has_op_col && op != "none" && !op.empty();
  if (reducing && ratio > 1.0001) return "allreduce";
  if (per_elem > 8.5 && reducing) return "reducescatter";
  if (per_elem > 8.5) return "allgather";
  return "";
}

// Ranks from the ratio busbw / algbw, which nccl-tests computes from the rank count: allreduce
// 2(n-1)/n, allgather / reducescatter / alltoall (n-1)/n. Used only when no rank line survived.
std::optional<int> ranks_from_factor(const std::string& collective, const Table& tab) {
  const DataRow* big = nullptr;
  for (const auto& r : tab.rows)
    if (r.oop && r.oop->algbw > 1.0 && (!big || r.bytes > big->bytes)) big = &r;
  if (!big) return std::nullopt;
  const double f = big->oop->busbw / big->oop->algbw;
  double n = 0;
  if (collective == "allreduce" && f < 1.999) n = 2.0 / (2.0 - f);
  else if ((collective == "allgather" || collective == "reducescatter" || collective == "alltoall") && f < 0.999)
    n = 1.0 / (1.0 - f);
  if (n < 1.5 || n > 100000 || std::abs(n - std::round(n)) > 0.1) return std::nullopt;
  return static_cast<int>(std::round(n));
}

json sweep_point(const DataRow& r, const Placement& p, bool wrong_is_count) {
  json j = {{"bytes", r.bytes}, {"count", r.count}, {"time_us", p.time_us}, {"algbw_gbs", p.algbw},
            {"busbw_gbs", p.busbw}};
  if (wrong_is_count) j["wrong"] = p.wrong ? json(*p.wrong) : json(nullptr);
  else j["max_error"] = p.wrong ? json(*p.wrong) : json(nullptr);  // a deviation, not a count
  j["line"] = r.line;
  return j;
}

// The line where a test stopped: "host: Test NCCL failure common.cu:959 'internal error - ...'"
// (2.x), "NCCL failure all_reduce.cu:95 'unhandled cuda error'" (1.x), "Test CUDA failure
// common.cu:..." - from the failure's name to the end of the line. The " .. host pid N: Test
// failure common.cu:844" line after it only traces the call and is not one.
std::optional<std::string> failure_text(std::string_view line) {
  for (const std::string_view needle : {"Test NCCL failure", "Test CUDA failure", "NCCL failure ", "CUDA failure "}) {
    const std::size_t at = line.find(needle);
    if (at != std::string_view::npos) return std::string(trim(line.substr(at)));
  }
  return std::nullopt;
}

struct Failure {
  int line = 0;
  std::string text;
  std::string collective;
};

struct Parser {
  ImportPart part;
  std::string pending_collective;
  std::string run_collective;  // named by "# Collective test starting:" or the command line
  int run_ranks = 0;
  int run_top_rank = -1;  // the highest rank a line of the run names
  std::set<std::string> run_hosts;
  std::optional<long long> run_min, run_max;
  std::vector<Table> tables;
  std::vector<RankLine> rank_lines;  // every run's, first seen first
  std::string first_host;
  std::optional<std::string> nccl_version;
  std::string nccl_build;
  std::vector<Failure> failures;
  int nccl_warnings = 0;

  Table* open_table() {
    if (tables.empty() || tables.back().avg_busbw) return nullptr;
    return &tables.back();
  }

  void start_run() {
    run_ranks = 0;
    run_top_rank = -1;
    run_hosts.clear();
  }

  void on_line(std::string_view raw, int ln) {
    const std::string clean = strip_mpi_tags(raw);
    std::string_view line = trim(clean);
    if (line.empty()) return;

    // NCCL's own lines: "host:pid:tid [0] NCCL INFO NCCL version 2.18.3+cuda12.2", or the bare
    // "NCCL version 2.28.7+cuda13.0" that NCCL_DEBUG=VERSION prints.
    if (const auto v = after(line, "NCCL version ")) {
      const auto tok = split_ws(*v);
      if (!tok.empty() && !tok[0].empty() && std::isdigit(static_cast<unsigned char>(tok[0][0]))) {
        std::string full(tok[0]);
        const auto plus = full.find('+');
        if (!nccl_version) {
          nccl_version = full.substr(0, plus);
          if (plus != std::string::npos) nccl_build = full.substr(plus + 1);
        }
      }
      return;
    }
    if (contains(line, "NCCL WARN")) {  // NCCL's own complaint; the first few are worth showing
      if (nccl_warnings++ < 3)
        part.warnings.push_back("line " + std::to_string(ln) + ": " +
                                std::string(smi::utf8_prefix(trim(line.substr(line.find("NCCL WARN"))), 200)));
      return;
    }
    if (contains(line, "NCCL INFO")) return;
    if (auto f = failure_text(line)) {
      failures.push_back({ln, std::string(smi::utf8_prefix(*f, 300)), pending_collective});
      return;
    }

    std::string_view body = line;
    const bool hashed = !body.empty() && body.front() == '#';
    while (!body.empty() && body.front() == '#') body.remove_prefix(1);
    body = trim(body);

    if (const auto v = after(body, "nccl-tests version ")) {
      const auto tok = split_ws(*v);
      if (!tok.empty()) part.source.version = std::string(tok[0]);
      for (auto t : tok)
        if (starts_with(t, "nccl-library=")) {
          if (const auto code = to_int(t.substr(13)); code && !nccl_version) {
            const std::string s = nccl_version_from_code(*code);
            if (!s.empty()) nccl_version = s;
          }
        }
      return;
    }
    if (const auto v = after(body, "Collective test starting:")) {
      if (const auto c = collective_in_line(*v)) pending_collective = *c;
      start_run();
      return;
    }
    if (starts_with(body, "nThread ") || (starts_with(body, "nGpus") && contains(body, "minBytes"))) {
      const auto t = split_ws(body);
      for (std::size_t i = 0; i + 1 < t.size(); ++i) {
        if (t[i] == "minBytes") run_min = to_int(t[i + 1]);
        if (t[i] == "maxBytes") run_max = to_int(t[i + 1]);
      }
      start_run();
      return;
    }
    if (const auto r = parse_rank_line(body)) {
      if (r->rank == 0 && run_ranks > 0) start_run();  // a second run pasted without its header
      ++run_ranks;
      run_top_rank = std::max(run_top_rank, r->rank);
      run_hosts.insert(r->host);
      if (first_host.empty()) first_host = r->host;
      rank_lines.push_back(*r);
      return;
    }
    const auto t = split_ws(body);
    if (auto tab = parse_column_header(t, ln)) {
      tab->collective = pending_collective;
      // "#  Rank 71 ... device 3" alone (the poster kept the last line): at least 72 ranks ran.
      tab->ranks = std::max(run_ranks, run_top_rank + 1);
      tab->ranks_cut = tab->ranks > run_ranks;
      tab->hosts = run_hosts;
      tab->min_bytes = run_min;
      tab->max_bytes = run_max;
      tables.push_back(std::move(*tab));
      return;
    }
    Table* tab = open_table();
    if (tab && !t.empty() && (t[0] == "(B)" || t[0] == "(bytes)")) {
      for (auto u : t) {
        if (u == "(us)") tab->time_in_ms = false;
        if (u == "(ms)") tab->time_in_ms = true;
      }
      return;
    }
    if (const auto v = after(body, "Out of bounds values")) {
      std::string_view rest = *v;
      if (!rest.empty() && rest.front() == ':') rest.remove_prefix(1);
      const auto tok = split_ws(rest);
      if (tab && !tok.empty()) tab->out_of_bounds = to_int(tok[0]);
      return;
    }
    if (const auto v = after(body, "Avg bus bandwidth")) {
      std::string_view rest = *v;
      if (!rest.empty() && rest.front() == ':') rest.remove_prefix(1);
      const auto tok = split_ws(rest);
      if (tab && !tok.empty()) {
        tab->avg_busbw = to_double(tok[0]);
        if (!tab->avg_busbw) tab->avg_busbw = 0.0;  // closes the table all the same
      }
      return;
    }
    if (!hashed) {
      if (const auto c = collective_in_line(line)) {
        pending_collective = *c;
        return;
      }
    }
    if (tab && !hashed) {
      DataRow row;
      switch (parse_data_row(*tab, t, ln, row)) {
        case RowParse::row: tab->rows.push_back(std::move(row)); break;
        case RowParse::broken:
          part.skipped.push_back("line " + std::to_string(ln) + ": table row cut or garbled, left out");
          break;
        case RowParse::not_a_row: break;
      }
    }
  }

  void finish() {
    part.software.nccl_version = nccl_version;
    if (!nccl_build.empty()) part.software.extra["nccl_build"] = nccl_build;
    add_gpus();
    for (auto& tab : tables) {
      if (tab.rows.empty()) {
        part.skipped.push_back("line " + std::to_string(tab.header_line) + ": a result table with no rows");
        continue;
      }
      if (!tab.avg_busbw)
        part.warnings.push_back("line " + std::to_string(tab.header_line) +
                                ": the table has no \"Avg bus bandwidth\" line (the paste ends early?)");
      if (tab.collective.empty()) {
        tab.collective = guess_collective(tab);
        tab.collective_guessed = true;
        if (tab.collective.empty()) {
          part.skipped.push_back("line " + std::to_string(tab.header_line) +
                                 ": cannot tell which collective this table measured (no *_perf name in the paste)");
          continue;
        }
        part.warnings.push_back("line " + std::to_string(tab.header_line) + ": no *_perf name in the paste; read as " +
                                tab.collective + " from the table's shape");
      }
      add_rows(tab);
    }
    add_failures();
    stamp_version();
  }

  // The version is known only after the header; stamp it on every provenance record.
  void stamp_version() {
    if (part.source.version.empty()) return;
    for (auto& b : part.benchmarks) b.extra["source"]["version"] = part.source.version;
    for (auto& g : part.gpus) g.extra["source"]["version"] = part.source.version;
  }

  // A run that stopped with a failure measured nothing after it: the failure is the result, an
  // error row of the collective (when the paste names it) that says so.
  void add_failures() {
    for (const auto& f : failures) {
      std::string collective = f.collective;
      if (collective.empty())
        for (const auto& tab : tables)
          if (tab.header_line < f.line && !tab.collective.empty()) collective = tab.collective;
      BenchmarkResult r = import_row("nccl/" + (collective.empty() ? std::string("unknown") : collective), std::nullopt,
                                     "GB/s", part.source, f.line);
      r.params = json::object();
      r.status = "error";
      r.message = "nccl-tests stopped: " + f.text;
      part.benchmarks.push_back(std::move(r));
      part.warnings.push_back("line " + std::to_string(f.line) + ": the test stopped: " + f.text);
    }
  }

  void add_gpus() {
    // A result document describes one machine: the GPUs of the first host (rank 0's). Other hosts
    // of a multi-node run are listed in imported["nccl-tests"].hosts.
    std::set<int> seen;
    std::set<std::string> hosts;
    for (const auto& r : rank_lines) {
      hosts.insert(r.host);
      if (r.host != first_host || seen.count(r.device)) continue;
      seen.insert(r.device);
      GpuInfo g;
      g.index = r.device;
      g.name = r.name;
      g.pci_bus_id = full_bus_id(r.bus);
      g.extra = json::object();
      if (!r.bus.empty()) g.extra["nccl_tests_bus"] = r.bus;
      SourceRef s = part.source;
      s.line = 0;
      g.extra["source"] = source_json(s);
      part.gpus.push_back(std::move(g));
    }
    std::sort(part.gpus.begin(), part.gpus.end(), [](const GpuInfo& a, const GpuInfo& b) { return a.index < b.index; });
    if (!first_host.empty()) part.host.hostname = first_host;
    if (hosts.size() > 1) {
      part.imported["nccl-tests"]["hosts"] = json(std::vector<std::string>(hosts.begin(), hosts.end()));
    }
  }

  void add_rows(const Table& tab) {
    // One row per (dtype, op, root) and placement: `-d all` / `-o all` print several in one table.
    std::map<std::string, std::vector<const DataRow*>> groups;
    std::vector<std::string> order;
    for (const auto& r : tab.rows) {
      const std::string key = r.dtype + "|" + r.op + "|" + (r.root ? std::to_string(*r.root) : "");
      if (!groups.count(key)) order.push_back(key);
      groups[key].push_back(&r);
    }
    int ranks = tab.ranks;
    bool ranks_guessed = false;
    if (ranks == 0)
      if (const auto n = ranks_from_factor(tab.collective, tab)) ranks = *n, ranks_guessed = true;
    const int nodes = std::max<int>(1, static_cast<int>(tab.hosts.size()));
    for (const auto& key : order) {
      const auto& rows = groups[key];
      for (int placement = 0; placement < 2; ++placement) {
        const bool in_place = placement == 1;
        bool any = false;
        for (const auto* r : rows)
          if (in_place ? r->ip.has_value() : r->oop.has_value()) any = true;
        if (!any) continue;
        add_row(tab, rows, in_place, ranks, ranks_guessed, nodes);
      }
    }
  }

  void add_row(const Table& tab, const std::vector<const DataRow*>& rows, bool in_place, int ranks, bool ranks_guessed,
               int nodes) {
    BenchmarkResult r = import_row("nccl/" + tab.collective, std::nullopt, "GB/s", part.source, tab.header_line);
    const DataRow& first = *rows.front();
    r.params = json::object();
    if (ranks > 0) r.params["gpus"] = ranks;
    if (tab.ranks_cut) {
      r.params["scope"] = "unknown";  // the rank lines of the other hosts were cut: how many nodes is not known
    } else {
      r.params["nodes"] = nodes;
      r.params["scope"] = nodes > 1 ? "multinode" : "node";
    }
    if (!first.dtype.empty()) r.params["dtype"] = first.dtype;
    if (!first.op.empty() && first.op != "none") r.params["op"] = first.op;
    if (first.root && *first.root >= 0) r.params["root"] = *first.root;
    r.params["in_place"] = in_place;
    json sweep = json::array();
    double peak_bus = -1, peak_alg = 0;
    long long peak_bytes = 0, min_b = -1, max_b = 0;
    int sizes_wrong = 0;
    double wrong_total = 0;
    long long first_wrong = -1;
    for (const auto* d : rows) {
      const auto& p = in_place ? d->ip : d->oop;
      if (!p) continue;
      sweep.push_back(sweep_point(*d, *p, tab.wrong_is_count));
      if (min_b < 0 || d->bytes < min_b) min_b = d->bytes;
      max_b = std::max(max_b, d->bytes);
      if (tab.wrong_is_count && p->wrong && *p->wrong > 0) {
        ++sizes_wrong;
        wrong_total += *p->wrong;
        if (first_wrong < 0) first_wrong = d->bytes;
      }
      if (p->busbw > peak_bus) peak_bus = p->busbw, peak_alg = p->algbw, peak_bytes = d->bytes;
    }
    r.params["min_bytes"] = min_b;
    r.params["max_bytes"] = max_b;
    r.params["sizes"] = static_cast<int>(sweep.size());
    r.extra["sweep"] = sweep;
    if (tab.collective_guessed) r.extra["collective_guessed"] = true;
    if (ranks_guessed) r.extra["gpus_from_bus_factor"] = true;
    if (tab.ranks_cut) r.extra["gpus_from_highest_rank"] = true;  // the paste holds fewer rank lines
    if (tab.out_of_bounds) r.extra["out_of_bounds_values"] = *tab.out_of_bounds;
    if (tab.avg_busbw) r.derived["avg_busbw_gbs"] = *tab.avg_busbw;
    if (sizes_wrong > 0) {
      r.status = "check-failed";
      // The sum of a garbled #wrong column can be any double: past long long's range it is said, not cast.
      const std::string total =
          wrong_total < 9.0e18 ? std::to_string(static_cast<long long>(wrong_total)) : std::string("more than 9e18");
      r.message = "nccl-tests counted wrong elements at " + std::to_string(sizes_wrong) + " of " +
                  std::to_string(sweep.size()) + " sizes (first at " + std::to_string(first_wrong) + " bytes, " + total +
                  " elements in all)";
    } else if (tab.out_of_bounds && *tab.out_of_bounds > 0) {
      r.status = "check-failed";
      r.message = "nccl-tests reported " + std::to_string(*tab.out_of_bounds) + " out-of-bounds values";
    } else if (ranks == 1) {
      // Like gpuaudit's own one-GPU row: a collective on one rank moves nothing between GPUs.
      r.status = "not-applicable";
      r.message = "one rank: a collective on one GPU moves nothing between GPUs, so there is no bus bandwidth";
    } else if (peak_bus <= 0) {
      r.status = "error";
      r.message = "no size produced a bandwidth (every busbw is 0)";
    } else {
      set_single_figure(r, peak_bus);
    }
    if (peak_bus <= 0)  // one rank (busbw 0 by definition): the algbw peak still says what the copy did
      for (const auto* d : rows)
        if (const auto& p = in_place ? d->ip : d->oop; p && p->algbw > peak_alg) peak_alg = p->algbw, peak_bytes = d->bytes;
    if (peak_bus > 0 || peak_alg > 0) {
      r.derived["peak_busbw_gbs"] = std::max(peak_bus, 0.0);
      r.derived["peak_algbw_gbs"] = peak_alg;
      r.derived["peak_bytes"] = static_cast<double>(peak_bytes);
    }
    part.benchmarks.push_back(std::move(r));
  }
};

int detect_nccl_tests(std::string_view text) {
  int score = 0;
  if (contains(text, "nccl-tests version")) score += 40;
  if (contains(text, "Collective test starting")) score += 30;
  if (contains(text, "Avg bus bandwidth")) score += 30;
  if (contains(text, "Out of bounds values")) score += 20;
  if (contains(text, "algbw") && contains(text, "busbw")) score += 30;
  // "# nThread 1 nGpus 8 minBytes 8 ...", or "# nGpus(perProc) 8 minBytes 8 ..." where nThread is left out.
  if ((contains(text, "nThread") || contains(text, "nGpus")) && contains(text, "minBytes")) score += 20;
  if (contains(text, "out-of-place")) score += 10;
  // A run cut before its table, or stopped by a failure: the header and the rank lines still say what ran.
  if (contains(text, "Using devices")) score += 15;
  if (contains(text, "Test NCCL failure") || contains(text, "Test CUDA failure")) score += 20;
  return score >= 30 ? std::min(score, 100) : 0;
}

const RegisterFormat reg{{"nccl-tests", "nccl-tests *_perf output (all_reduce_perf, all_gather_perf, ...)",
                          detect_nccl_tests, line_parse<Parser>("nccl-tests")}};

}  // namespace

}  // namespace gpuaudit::imports
