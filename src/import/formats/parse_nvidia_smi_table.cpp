// Plain `nvidia-smi` (no arguments): the boxed summary table people paste far more often than -q.
// Every layout drivers have printed:
//   3xx-4xx  banner "NVIDIA-SMI 375.26   Driver Version: 375.26" (no CUDA Version before 410), two
//            rows per GPU: "GPU Name Persistence-M | Bus-Id Disp.A | Volatile Uncorr. ECC" and
//            "Fan Temp Perf Pwr:Usage/Cap | Memory-Usage | GPU-Util Compute M.";
//   450-570  a third row per GPU, "MIG M." (Enabled / Disabled / N/A), wider columns from 530;
//   580+     the same columns, "+---" under the banner; 610 renames the banner's fields
//            "KMD Version" and "CUDA UMD Version";
//   Windows  "TCC/WDDM" or "Driver-Model" where Linux prints Persistence-M, process names such
//            as "C:\...\python.exe", "N/A" for a WDDM process's memory.
// A paste of only a GPU's rows (no banner, no header: "| 1 Tesla V100-PCIE... On | 00008ED0:00:00.0
// Off | 0 |") is read as the GPU table's body.
// Then the optional "MIG devices" table (GPU, GI, CI, MIG dev, memory, SMs, shared engines) and the
// "Processes" table (with "GI ID CI ID" columns from 450, without before).
//
// The table is read cell by cell (the `|`-separated fields), never by column offsets: widths changed
// with almost every branch and people paste it reflowed. A name too long for its column is printed
// cut with "..." ("NVIDIA A100-SXM...", "Tesla V100-SXM2..."): kept as printed, and baseline
// matching treats it as a prefix (baselines/baseline_match.cpp). The table shows no clocks, no
// default power limit and no temperature thresholds; those come from a -q file beside it or from
// the baseline. N/A, [N/A] and ERR! read as absent; ERR! (NVML could not read the value: a sign of
// a sick card) is also listed in warnings and, per GPU, in extra["nvml_read_errors"] (the
// gpu-fault rule judges it).
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

bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

// A border line: "+----+----+", "|====+====|", "|----+----|" (only box characters).
bool is_border(std::string_view l) {
  l = trim(l);
  if (l.size() < 3 || (l[0] != '+' && l[0] != '|')) return false;
  return std::all_of(l.begin(), l.end(), [](char c) { return c == '+' || c == '-' || c == '=' || c == '|'; });
}
// The header's closing "|===+===|" line, also as a paste damaged it ("|=====+= =======|": a space
// where a web form or a wrapped terminal dropped characters): box characters and spaces, with a
// run of "=" that no data row has.
bool is_header_end(std::string_view l) {
  l = trim(l);
  if (l.size() < 3 || (l[0] != '+' && l[0] != '|') || !contains(l, "==========")) return is_border(l) && contains(l, "===");
  return std::all_of(l.begin(), l.end(), [](char c) { return c == '+' || c == '-' || c == '=' || c == '|' || c == ' '; });
}

// A table row "| a | b | c |" -> {"a","b","c"} (untrimmed); `closed` says whether it ends with "|"
// (a row cut halfway does not).
struct Row {
  int line = 0;
  std::vector<std::string> cells;
  bool closed = false;
};
std::optional<Row> row_of(int no, std::string_view raw) {
  std::string_view l = trim(raw);
  if (l.size() < 2 || l[0] != '|' || is_border(l)) return std::nullopt;
  Row r;
  r.line = no;
  r.closed = l.back() == '|';
  l.remove_prefix(1);
  if (r.closed) l.remove_suffix(1);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= l.size(); ++i)
    if (i == l.size() || l[i] == '|') {
      r.cells.emplace_back(l.substr(start, i - start));
      start = i + 1;
    }
  return r;
}

// The first row of a GPU without the table's header (a paste of only the rows of one GPU):
// "| 1  Tesla V100-PCIE...  On | 00008ED0:00:00.0 Off | 0 |" (an index, then a bus id).
bool is_gpu_row_alone(const Row& r) {
  if (r.cells.size() < 3) return false;
  const auto id = words(r.cells[0]);
  const auto bus = words(r.cells[1]);
  return id.size() >= 2 && id[0].find_first_not_of("0123456789") == std::string::npos && !bus.empty() && smi::is_bus_id(bus[0]);
}

bool is_err(std::string_view v) { return trim(v) == "ERR!"; }
bool absent(std::string_view v) {
  v = trim(v);
  return v.empty() || is_err(v) || smi::is_absent(v) || v == "-";
}
std::optional<double> num(std::string_view v) { return absent(v) ? std::nullopt : smi::number(v); }

// "E. Process" / "E. Thread" are the table's short forms of -q's "Exclusive_Process".
std::optional<std::string> compute_mode_of(std::string_view v) {
  v = trim(v);
  if (v == "E. Process") return "exclusive-process";
  if (v == "E. Thread") return "exclusive-thread";
  return smi::compute_mode(v);
}

struct Table {
  ImportPart part;
  std::map<int, std::size_t> board_of;  // GPU index -> position in part.gpus
  std::vector<GpuInfo> slices;
  int errs = 0;
  std::string first_err;
  void err(int line, const std::string& what) {
    if (errs++ == 0) first_err = "line " + std::to_string(line) + ": " + what;
  }
  void skip(int line, const std::string& what) { part.skipped.push_back("line " + std::to_string(line) + ": " + what); }
  GpuInfo* board(int index) {
    auto it = board_of.find(index);
    return it == board_of.end() ? nullptr : &part.gpus[it->second];
  }
};

SourceRef at(const Table& t, int line) {
  SourceRef s = t.part.source;
  s.line = line;
  return s;
}

// "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2 |"; 610 prints
// "KMD Version:" and "CUDA UMD Version:".
bool read_banner(std::string_view l, Table& t) {
  const auto p = l.find("NVIDIA-SMI ");
  if (p == std::string_view::npos || !contains(l, "Version")) return false;
  auto after = [&](std::string_view key) -> std::optional<std::string> {
    const auto k = l.find(key);
    if (k == std::string_view::npos) return std::nullopt;
    const auto w = words(l.substr(k + key.size()));
    if (w.empty() || w[0] == "|") return std::nullopt;
    return w[0];
  };
  const auto smi_words = words(l.substr(p + 11));
  if (!smi_words.empty()) t.part.source.version = smi_words[0];
  if (auto d = after("Driver Version:")) t.part.software.driver_version = *d;
  else if (auto k = after("KMD Version:")) t.part.software.driver_version = *k;
  std::optional<std::string> cuda = after("CUDA UMD Version:");
  if (!cuda) cuda = after("CUDA Version:");
  if (cuda) t.part.software.cuda_driver_version = smi::cuda_version_number(*cuda);
  if (!t.part.software.driver_version && !t.part.source.version.empty()) t.part.software.driver_version = t.part.source.version;
  return true;
}

// The GPU rows of one GPU (2 or 3 table rows between borders).
void read_gpu(const std::vector<Row>& rows, Table& t) {
  const Row& r1 = rows[0];
  if (r1.cells.size() < 3) return t.skip(r1.line, "GPU row with " + std::to_string(r1.cells.size()) + " cells, not 3");
  const auto id = words(r1.cells[0]);
  std::optional<double> index = id.empty() ? std::nullopt : smi::number(id[0]);
  if (!index || *index < 0 || *index > 4096 || id[0].find_first_not_of("0123456789") != std::string::npos)
    return t.skip(r1.line, "GPU row without a GPU index");
  GpuInfo g;
  g.index = static_cast<int>(*index);
  g.extra = json::object();
  json im = json::object();
  json err_cells = json::array();  // "line 12: power draw is ERR!"
  auto err = [&](int line, const std::string& what) {
    t.err(line, what);
    err_cells.push_back("line " + std::to_string(line) + ": " + what);
  };
  // "0  NVIDIA A100-SXM4-80GB  On": index, name, then Persistence-M (On/Off) or, on Windows, the
  // driver model (WDDM/TCC). The name is what lies between, spaces and all.
  {
    std::string_view c = trim(r1.cells[0]);
    c = trim(c.substr(id[0].size()));
    std::string last = id.size() >= 2 ? id.back() : "";
    if (id.size() >= 3 && (last == "On" || last == "Off")) {
      g.persistence_mode = last == "On";
      c = trim(c.substr(0, c.size() - last.size()));
    } else if (id.size() >= 3 && (last == "WDDM" || last == "TCC" || last == "MCDM")) {
      im["driver_model"] = last;
      c = trim(c.substr(0, c.size() - last.size()));
    } else if (id.size() >= 3 && absent(last)) {
      c = trim(c.substr(0, c.size() - last.size()));
    }
    g.name = std::string(c);
    if (is_err(g.name)) {  // NVML could not even read the name
      err(r1.line, "name is ERR!");
      g.name.clear();
    }
    if (g.name.size() > 3 && g.name.compare(g.name.size() - 3, 3, "...") == 0) {
      im["name_truncated"] = true;
      t.part.warnings.push_back("GPU " + std::to_string(g.index) + ": the table cut the name to \"" + g.name +
                                "\"; it is matched against the baselines as a prefix (only a unique match counts)");
    }
  }
  // "00000000:07:00.0 Off": bus id, Disp.A.
  {
    const auto w = words(r1.cells[1]);
    if (!w.empty() && contains(w[0], ":") && !absent(w[0])) g.pci_bus_id = smi::bus_id_as_printed(w[0]);
    if (w.size() >= 2 && !absent(w[1])) im["display_active"] = w[1];
  }
  // Volatile Uncorr. ECC: the count when ECC is on, "Off" when it is off, N/A where unsupported.
  {
    const std::string_view e = trim(r1.cells[2]);
    if (auto n = smi::count(e); n && !absent(e)) {
      g.ecc.enabled = true;
      g.ecc.volatile_uncorrected = *n;
    } else if (auto b = smi::boolean(e)) {
      g.ecc.enabled = *b;
    }
    if (is_err(e)) err(r1.line, "ECC is ERR!");
  }
  if (rows.size() >= 2 && rows[1].cells.size() >= 3) {
    const Row& r2 = rows[1];
    // "N/A   34C    P0    61W / 400W": fan, temperature, perf state, power usage / cap. Any of them
    // may be N/A or ERR!; the power pair is told apart by its "/".
    const std::string& c0 = r2.cells[0];
    // The pair's "/" has a space either side ("84W / 149W", "N/A /  N/A"); the one inside a fan or
    // temperature "N/A" has not.
    auto slash = c0.find(" / ");
    if (slash != std::string::npos) ++slash;
    for (std::size_t i = 0; slash == std::string::npos && i < c0.size(); ++i)  // reflowed: "84W/149W"
      if (c0[i] == '/' && !(i > 0 && c0[i - 1] == 'N' && i + 1 < c0.size() && c0[i + 1] == 'A')) slash = i;
    std::string head = slash == std::string::npos ? c0 : c0.substr(0, slash);
    auto hw = words(head);
    std::optional<std::string> usage;
    if (slash != std::string::npos && !hw.empty()) {
      usage = hw.back();
      hw.pop_back();
    }
    for (const auto& w : hw)
      if (is_err(w)) err(r2.line, "fan, temperature or perf state is ERR!");
    if (hw.size() >= 1 && !absent(hw[0])) im["fan_speed"] = hw[0];
    if (hw.size() >= 2 && !absent(hw[1]) && hw[1].back() == 'C') g.temperature_c = smi::integer(hw[1]);
    if (hw.size() >= 3 && !absent(hw[2])) im["performance_state"] = hw[2];
    if (usage) {
      if (is_err(*usage)) err(r2.line, "power draw is ERR!");
      g.power.usage_w = num(*usage);
      const auto cap = words(c0.substr(slash + 1));
      if (!cap.empty()) {
        if (is_err(cap[0])) err(r2.line, "power cap is ERR!");
        g.power.limit_w = num(cap[0]);  // the Cap: the limit in force
      }
    }
    // "4MiB / 81920MiB"
    const std::string& m = r2.cells[1];
    if (const auto s = m.find('/'); s != std::string::npos) {
      const auto used = smi::mib_bytes(trim(std::string_view(m).substr(0, s)));
      g.memory_total_bytes = smi::mib_bytes(trim(std::string_view(m).substr(s + 1)));
      if (used && g.memory_total_bytes && *g.memory_total_bytes >= *used) g.memory_free_bytes = *g.memory_total_bytes - *used;
      if (used) im["memory_used_bytes"] = *used;
    }
    // "0%   Default" / "100%   E. Process" / "N/A   Default" (MIG enabled).
    const auto u = words(r2.cells[2]);
    if (!u.empty()) {
      if (u[0].back() == '%') g.utilization_pct = num(u[0]);
      if (is_err(u[0])) err(r2.line, "GPU-Util is ERR!");
      std::string mode;
      for (std::size_t i = 1; i < u.size(); ++i) mode += (i > 1 ? " " : "") + u[i];
      if (!mode.empty()) {
        g.compute_mode = compute_mode_of(mode);
        if (!g.compute_mode && !absent(mode)) im["compute_mode"] = mode;
      }
    }
  } else {
    t.skip(r1.line, "GPU " + std::to_string(g.index) + " has only its first table row (a paste cut halfway?)");
  }
  // 450+: "MIG M." in the third row's last cell.
  if (rows.size() >= 3 && rows[2].cells.size() >= 3) {
    const std::string_view mig = trim(rows[2].cells.back());
    if (mig == "Enabled") g.mig.mode_enabled = true;
    else if (mig == "Disabled") g.mig.mode_enabled = false;
    else if (!absent(mig)) im["mig_mode"] = std::string(mig);
  }
  if (!im.empty()) g.extra["imported"] = std::move(im);
  if (!err_cells.empty()) g.extra["nvml_read_errors"] = std::move(err_cells);
  g.extra["source"] = source_json(at(t, r1.line));
  if (t.board(g.index)) {  // `nvidia-smi -l`: the first table of each GPU is kept
    return;
  }
  t.board_of[g.index] = t.part.gpus.size();
  t.part.gpus.push_back(std::move(g));
}

// "|  0    2   0   0  |  22MiB / 71424MiB | 16      0 |  3   0    3    0    3 |" (+ a BAR1 row).
void read_mig_row(const std::vector<Row>& rows, Table& t) {
  const Row& r = rows[0];
  const auto ids = r.cells.empty() ? std::vector<std::string>{} : words(r.cells[0]);
  if (ids.size() < 4) {
    if (!r.cells.empty() && contains(r.cells[0], "No MIG devices")) return;
    return t.skip(r.line, "MIG device row without GPU, GI, CI and MIG device ids");
  }
  std::optional<int> gpu = smi::integer(ids[0]), gi = smi::integer(ids[1]), ci = smi::integer(ids[2]), dev = smi::integer(ids[3]);
  if (!gpu) return t.skip(r.line, "MIG device row without a GPU index");
  const GpuInfo* board = t.board(*gpu);
  GpuInfo g;
  if (board) g = *board;
  g.index = *gpu;
  g.extra = json::object();
  if (board && board->extra.contains("imported")) g.extra["imported"] = board->extra["imported"];
  g.mig.is_mig_device = true;
  g.mig.mode_enabled = true;
  g.mig.gpu_instance_id = gi;
  if (ci) g.mig.extra["compute_instance_id"] = *ci;
  if (dev) g.mig.extra["device_index"] = *dev;
  // The table prints no profile name; the GI's memory and the CI's SMs are what it shows. Which
  // profile they are depends on the board (3g.71gb on H200, 3g.40gb on A100 80GB): left empty.
  g.mig.profile.reset();
  g.memory_total_bytes.reset();
  g.memory_free_bytes.reset();
  g.utilization_pct.reset();
  g.processes.clear();
  if (r.cells.size() >= 2)
    if (const auto s = r.cells[1].find('/'); s != std::string::npos) {
      const auto used = smi::mib_bytes(trim(std::string_view(r.cells[1]).substr(0, s)));
      g.memory_total_bytes = smi::mib_bytes(trim(std::string_view(r.cells[1]).substr(s + 1)));
      if (used && g.memory_total_bytes && *g.memory_total_bytes >= *used) g.memory_free_bytes = *g.memory_total_bytes - *used;
    }
  if (r.cells.size() >= 3) {
    const auto sm = words(r.cells[2]);
    if (!sm.empty()) g.sm_count = smi::integer(sm[0]);
    if (sm.size() >= 2)
      if (auto n = smi::count(sm[1]); n && !absent(sm[1])) g.ecc.volatile_uncorrected = *n;
  }
  if (r.cells.size() >= 4) {
    const auto eng = words(r.cells[3]);
    static const char* names[] = {"ce", "enc", "dec", "ofa", "jpg"};
    for (std::size_t i = 0; i < eng.size() && i < 5; ++i)
      if (auto n = smi::integer(eng[i])) g.mig.extra["shared"][names[i]] = *n;
  }
  g.extra["source"] = source_json(at(t, r.line));
  for (const auto& s : t.slices)
    if (s.index == g.index && s.mig.gpu_instance_id == g.mig.gpu_instance_id && s.mig.extra == g.mig.extra) return;  // -l repeat
  t.slices.push_back(std::move(g));
}

// "|    0   N/A  N/A     1234      C   python3     4000MiB |" (450+),
// "|    0      1234      C   python3                 4000MiB |" (before), or the 3xx "Compute
// processes:" table without a Type column ("|    0      1234  ./a.out        2320MiB |").
struct ProcessColumns {
  bool gi = false;    // "GI ID CI ID" (450+)
  bool type = true;   // "Type" (all but the 3xx compute-processes table)
};
void read_process(const Row& r, const ProcessColumns& cols, Table& t) {
  const bool gi_columns = cols.gi;
  if (r.cells.empty()) return;
  const std::string& c = r.cells[0];
  const auto w = words(c);
  if (w.empty()) return;
  if (contains(c, "No running processes found") || contains(c, "Not Supported") || contains(c, "not supported")) return;
  const std::size_t fixed = (gi_columns ? 5 : 3) - (cols.type ? 0 : 1);  // gpu [gi ci] pid [type]
  const auto gpu = smi::integer(w[0]);
  if (w.size() < fixed + 1 || !gpu || w[0].find_first_not_of("0123456789") != std::string::npos)
    return t.skip(r.line, "process row not understood");
  GpuProcess p;
  p.extra = json::object();
  if (gi_columns) {
    if (!absent(w[1])) p.extra["gpu_instance_id"] = w[1];
    if (!absent(w[2])) p.extra["compute_instance_id"] = w[2];
  }
  const std::size_t pid_at = cols.type ? fixed - 2 : fixed - 1;
  if (auto pid = smi::number(w[pid_at]); pid && w[pid_at].find_first_not_of("0123456789") == std::string::npos)
    p.pid = static_cast<std::int64_t>(*pid);
  if (cols.type) p.type = w[fixed - 1];
  // The name: everything between the type and the memory field, spaces kept ("C:\Program Files\...").
  std::size_t pos = 0;
  for (std::size_t i = 0; i < fixed; ++i) {
    pos = c.find(w[i], pos);
    pos += w[i].size();
  }
  std::string_view rest = trim(std::string_view(c).substr(pos));
  const std::string mem = w.back();
  const bool has_mem = w.size() > fixed + 1 && (absent(mem) || smi::mib_bytes(mem).has_value());
  if (has_mem) {
    rest = trim(rest.substr(0, rest.size() - mem.size()));
    if (!absent(mem)) p.used_memory_bytes = smi::mib_bytes(mem);
  }
  p.name = std::string(rest);
  if (!r.closed) t.skip(r.line, "process row cut halfway");
  GpuInfo* b = t.board(*gpu);
  if (!b) return t.skip(r.line, "process on GPU " + std::to_string(*gpu) + ", which the GPU table does not list");
  b->processes.push_back(std::move(p));
}

enum class Section { none, gpus, mig, processes };

ImportPart parse_table(std::string_view text, const std::string& file) {
  Table t;
  t.part.source = {"nvidia-smi", "", file, 0};
  Section sec = Section::none;
  bool in_body = false;      // past the header's "|===" line
  ProcessColumns pcols;      // the Processes table's columns, from its header
  int banners = 0, gpu_tables = 0;
  bool repeat = false;       // a second snapshot (nvidia-smi -l): only the first is read
  std::vector<Row> group;
  int last_line = 0;
  bool open_row = false;     // the last table line did not close
  auto flush = [&]() {
    if (group.empty()) return;
    if (!repeat) {
      if (sec == Section::gpus) read_gpu(group, t);
      else if (sec == Section::mig) read_mig_row(group, t);
    }
    group.clear();
  };
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (l.empty() || (l[0] != '|' && l[0] != '+')) {
      flush();
      sec = Section::none;
      in_body = false;
      // The banner whose borders a paste lost: read as the bordered one is.
      if (l.starts_with("NVIDIA-SMI ") && contains(l, "Version:") && banners++ == 0) {
        read_banner(l, t);
        t.part.source.line = no;
        continue;
      }
      if (t.part.source.line == 0 && !l.empty() && !t.part.imported.contains("timestamp") && banners == 0 && l.size() < 40 &&
          std::count(l.begin(), l.end(), ':') == 2)
        t.part.imported["timestamp"] = std::string(l);
      continue;
    }
    last_line = no;
    const bool header_end = is_header_end(l);
    open_row = l[0] == '|' && l.size() > 1 && l.back() != '|' && !is_border(l) && !header_end;
    if (is_border(l) || header_end) {
      if (header_end) in_body = true;
      else flush();
      continue;
    }
    if (contains(l, "NVIDIA-SMI ") && contains(l, "Version")) {
      flush();
      if (banners++ == 0) {
        read_banner(l, t);
        t.part.source.line = no;
      } else {
        repeat = true;
      }
      sec = Section::none;
      continue;
    }
    if (contains(l, "Persistence-M") || (contains(l, "Bus-Id") && contains(l, "Name")) || contains(l, "TCC/WDDM") ||
        contains(l, "Driver-Model")) {
      flush();
      sec = Section::gpus;
      in_body = false;
      if (gpu_tables++ > 0) repeat = true;
      if (t.part.source.line == 0) t.part.source.line = no;
      continue;
    }
    if (contains(l, "MIG devices:")) {
      flush();
      sec = Section::mig;
      in_body = false;
      continue;
    }
    if (contains(l, "Processes:") || contains(l, "processes:")) {
      flush();
      sec = Section::processes;
      in_body = false;
      pcols = ProcessColumns{};
      continue;
    }
    auto r = row_of(no, l);
    // Rows of a GPU pasted without the header above them (from the header's closing "|===+===|" line
    // or from the first row): read as the GPU table's body.
    if (sec == Section::none && r && is_gpu_row_alone(*r)) sec = Section::gpus, in_body = true;
    if (!in_body) {
      if (sec == Section::processes && contains(l, " GI ") && contains(l, " CI ")) pcols.gi = true;
      if (sec == Section::processes && contains(l, " PID ")) pcols.type = contains(l, " Type ");
      continue;  // a header line
    }
    if (!r) continue;
    if (sec == Section::processes) {
      if (!repeat) read_process(*r, pcols, t);
      continue;
    }
    if (sec == Section::gpus || sec == Section::mig) {
      // A new GPU starts with an index in its first cell; 3xx-4xx print no border between GPUs of
      // some tables, so an index row also closes the previous group.
      const auto w = r->cells.empty() ? std::vector<std::string>{} : words(r->cells[0]);
      const bool starts = !w.empty() && w[0].find_first_not_of("0123456789") == std::string::npos;
      if (starts && !group.empty() && sec == Section::gpus) flush();
      group.push_back(std::move(*r));
    }
  }
  flush();
  const std::string last_prefix = "line " + std::to_string(last_line) + ":";
  const bool named = std::any_of(t.part.skipped.begin(), t.part.skipped.end(),
                                 [&](const std::string& s) { return s.rfind(last_prefix, 0) == 0; });
  if (open_row && !named) t.skip(last_line, "the table ends in a row cut halfway (the paste stops here)");
  if (t.errs > 0)
    t.part.warnings.push_back(t.first_err + (t.errs > 1 ? " (and " + std::to_string(t.errs - 1) + " more ERR! values)" : "") +
                              ": nvidia-smi could not read it from the GPU");
  if (banners > 1 || gpu_tables > 1)
    t.part.warnings.push_back(std::to_string(std::max(banners, gpu_tables)) +
                              " tables in one file (nvidia-smi -l): the first is read, the later ones are not");
  // The board first, then its slices (as the -q parser: merge.cpp gives the slices their own index).
  std::sort(t.part.gpus.begin(), t.part.gpus.end(), [](const GpuInfo& a, const GpuInfo& b) { return a.index < b.index; });
  std::vector<GpuInfo> out;
  for (auto& g : t.part.gpus) {
    const int idx = g.index;
    out.push_back(std::move(g));
    for (auto& s : t.slices)
      if (s.index == idx) out.push_back(std::move(s));
  }
  // A MIG table whose GPU table is missing (a paste that starts there): the slices alone.
  for (auto& s : t.slices)
    if (t.board_of.find(s.index) == t.board_of.end()) out.push_back(std::move(s));
  t.part.gpus = std::move(out);
  if (t.part.gpus.empty()) t.part.skipped.push_back("no GPU row in the table: nothing per GPU was read");
  if (t.part.imported.contains("timestamp") && !t.part.gpus.empty())
    t.part.imported = json{{"nvidia-smi-table", {{"timestamp", t.part.imported["timestamp"]}}}};
  else
    t.part.imported = json::object();
  return t.part;
}

// The banner ("| NVIDIA-SMI 535.104.05   Driver Version: ...") or the GPU table's header; never a
// -q dump (its "Driver Version : 535" has a space before the colon and no table borders).
int detect_table(std::string_view text) {
  const std::string_view head = text.substr(0, 64 * 1024);
  int score = 0;
  for (const auto& [no, raw] : smi::head_lines(head, 600)) {
    const std::string_view l = trim(raw);
    // The banner alone, its borders lost in a paste ("NVIDIA-SMI 450.80.02    Driver Version: 450.80.02
    // CUDA Version: 11.0"): the driver and its CUDA version, and no GPU.
    if (l.starts_with("NVIDIA-SMI ") && (contains(l, "Driver Version:") || contains(l, "KMD Version:"))) score = std::max(score, 40);
    if (l.empty() || l[0] != '|') continue;
    if (contains(l, "NVIDIA-SMI ") && (contains(l, "Driver Version:") || contains(l, "KMD Version:"))) score = std::max(score, 60);
    if ((contains(l, "Persistence-M") || contains(l, "TCC/WDDM") || contains(l, "Driver-Model")) && contains(l, "Bus-Id"))
      score = std::max(score, 90) + (score >= 60 ? 5 : 0);
    if (const auto r = row_of(no, l); r && r->closed && is_gpu_row_alone(*r)) score = std::max(score, 50);
  }
  if (head.find("==============NVSMI LOG") != std::string_view::npos || head.find("<nvidia_smi_log") != std::string_view::npos)
    return 0;  // a -q / -q -x dump with a table pasted beside it: theirs
  return std::min(score, 95);
}

const RegisterFormat reg{{"nvidia-smi-table", "plain nvidia-smi summary table (GPUs, MIG devices, processes)", detect_table, parse_table}};

}  // namespace

}  // namespace gpuaudit::imports
