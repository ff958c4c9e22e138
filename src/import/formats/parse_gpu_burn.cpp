// gpu-burn (github.com/wilicc/gpu-burn and its forks): a stress test that multiplies two random
// SIZE x SIZE matrices over and over with cuBLAS (cublasSgemm, or cublasDgemm with -d; with -tc in
// cuBLAS's tensor-op math mode) on every GPU, and compares every product with the first: on a
// healthy GPU they are the same numbers. Its output:
//   GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-0a1ac16e-...)           (nvidia-smi -L)
//   Initialized device 0 with 24217 MB of memory (23801 MB available, using 21420 MB of it), using FLOATS
//   Results are 268435456 bytes each, thus performing 81 iterations
//   20.0%  proc'd: 81 (47174 Gflop/s) - 0 (0 Gflop/s)   errors: 0 - 0   temps: 50 C - 45 C
//   Tested 2 GPUs:
//       GPU 0: OK
//
// What a Gflop/s of gpu-burn is (gpu_burn-drv.cpp): OPS_PER_MUL flops per product (1100048498688
// = 2n^3 + 8n^2 for n = 8192; 17188257792 in old versions for n = 2048) times the products a
// worker reported, over the wall time since that worker's previous report. A report comes after
// each batch of products plus gpu-burn's compare kernel and a host synchronisation, so the rate
// includes those, and the first report of each worker includes its start-up. It is gpu-burn's own
// figure of one fixed-size SGEMM/DGEMM: not gpuaudit's gemm/* (another size, cuBLASLt with a
// chosen algorithm, timed by CUDA events), so it stays `gpu_burn/gflops`, judged against nothing
// but itself (docs/import.md).
//
// Rows, per GPU (the columns of the progress line are the CUDA devices, in order):
//   gpu_burn/gflops: samples = the rate at every report of that worker (a line where its proc'd
//     count moved; the first report, which includes start-up, left out), params {dtype fp32|fp64,
//     tensor_cores, matrix_n, errors, verdict OK|FAULTY, run_s}, and, with 6 reports or more,
//     params.burst / params.sustained (the first and last quarter of the run) for the
//     sustained-drop rule, which compares a card with itself.
//   gpu_burn/errors, status check-failed, where gpu-burn counted mismatching elements or said
//     FAULTY: params.output_check {mismatches, against} for the wrong-results rule.
//   a timeline of the temperatures it printed (-> telemetry/under-load).
#include "core/parse_number.hpp"
#include "core/text_cursor.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>

namespace gpuaudit::imports {

namespace {

using smi::trim;

bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

// Numbers of a paste that may be cut or corrupt: nullopt instead of an exception.
std::optional<long long> to_ll(std::string_view s) { return parse_integer<long long>(s); }
// The leading number ("47174", "1.5." -> 1.5), finite.
std::optional<double> to_d(std::string_view s) {
  std::size_t n = 0;  // the leading run of number characters; the longest prefix of it that reads
  while (n < s.size() && n < 64 && (std::isdigit(static_cast<unsigned char>(s[n])) || s[n] == '.' || s[n] == '-' || s[n] == 'e' || s[n] == 'E'))
    ++n;
  for (; n > 0; --n)
    if (const auto v = parse_finite(s.substr(0, n))) return v;
  return std::nullopt;
}
// A GPU index as gpu-burn prints it: 0..4096, else nullopt.
std::optional<int> to_index(std::string_view s) {
  const auto v = to_ll(s);
  return v && *v >= 0 && *v <= 4096 ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

// "-12" or "12" at the cursor of `s` (a dash counts only before a digit), consumed; else nullopt
// and the cursor one character on, where the next try starts.
std::optional<std::string_view> signed_digits(std::string_view s, TextCursor& c) {
  const std::size_t from = c.at();
  TextCursor t = c;
  t.literal("-");
  if (!t.digits()) {
    c = TextCursor(s, from + 1);
    return std::nullopt;
  }
  c = t;
  return s.substr(from, c.at() - from);
}

// "81 (47174 Gflop/s) - 0 (0 Gflop/s) " -> {(81, 47174), (0, 0)}: every "<n> (<rate> Gflop/s)",
// left to right.
std::vector<std::pair<long long, double>> progress_of(std::string_view s) {
  std::vector<std::pair<long long, double>> out;
  TextCursor c(s);
  while (!c.done()) {
    const auto n = signed_digits(s, c);
    if (!n) continue;
    TextCursor t = c;
    if (!t.literal(" (")) continue;
    const auto rate = t.run([](char ch) { return is_ascii_digit(ch) || ch == '.'; });
    if (!rate || !t.literal(" Gflop/s)")) continue;
    // an unreadable cell still holds its column, as a worker that did not report (0 at rate 0)
    out.emplace_back(to_ll(*n).value_or(0), to_d(*rate).value_or(0.0));
    c = t;
  }
  return out;
}

struct ErrorCell {
  long long count = 0;
  bool died = false;
};

// "0 - -524288000  (WARNING!)- 1579  (DIED!)" -> cells. The separator is "- " (a dash and a
// space); a negative count is a dash and a digit (gpu-burn's int overflowing).
std::vector<ErrorCell> errors_of(std::string_view s) {
  std::vector<ErrorCell> out;
  TextCursor c(s);
  while (!c.done()) {
    const auto n = signed_digits(s, c);
    if (!n) continue;
    ErrorCell cell;
    cell.count = to_ll(*n).value_or(1);  // beyond long long: certainly not zero
    c.spaces();
    if (c.literal("(DIED!)")) cell.died = true;
    else c.literal("(WARNING!)");
    out.push_back(cell);
  }
  return out;
}

// "63 C - -- - 64 C" -> {63, nullopt, 64}
std::vector<std::optional<double>> temps_of(std::string_view s) {
  std::vector<std::optional<double>> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 2, "--") == 0 && (i + 2 >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i + 2])))) {
      out.push_back(std::nullopt);
      i += 2;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      std::size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      if (s.compare(j, 2, " C") == 0) {
        out.push_back(to_d(std::string(s.substr(i, j - i))));
        i = j + 2;
        continue;
      }
      i = j;
      continue;
    }
    ++i;
  }
  return out;
}

struct Report {
  int line = 0;
  std::optional<double> pct;
  std::vector<std::pair<long long, double>> proc;
  std::vector<ErrorCell> errors;
  std::vector<std::optional<double>> temps;
  bool has_errors = false;
};

// gpu-burn redraws its progress line with a carriage return; a log whose CRs were lost (or turned
// into nothing by a terminal capture) holds several reports on one line: "...39 C 50.0%  proc'd:".
// Each starts at the percentage before its "proc'd:".
std::vector<std::string_view> report_segments(std::string_view line) {
  std::vector<std::size_t> starts;
  for (std::size_t p = line.find("proc'd:"); p != std::string_view::npos; p = line.find("proc'd:", p + 7)) {
    std::size_t b = p;
    while (b > 0 && line[b - 1] == ' ') --b;
    if (b > 0 && line[b - 1] == '%') {
      --b;
      while (b > 0 && (std::isdigit(static_cast<unsigned char>(line[b - 1])) || line[b - 1] == '.')) --b;
    }
    starts.push_back(starts.empty() ? 0 : b);
  }
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < starts.size(); ++i)
    out.push_back(line.substr(starts[i], i + 1 < starts.size() ? starts[i + 1] - starts[i] : std::string_view::npos));
  return out;
}

Report report_of(std::string_view seg, int no) {
  Report r;
  r.line = no;
  const std::size_t p = seg.find("proc'd:");
  // "100.0%  proc'd:": the percentage just before
  const std::string_view before = trim(seg.substr(0, p));
  if (!before.empty() && before.back() == '%') {
    std::size_t b = before.size() - 1;
    while (b > 0 && (std::isdigit(static_cast<unsigned char>(before[b - 1])) || before[b - 1] == '.')) --b;
    r.pct = smi::number(before.substr(b, before.size() - 1 - b));
  }
  const auto e = seg.find("errors:", p);
  const auto t = seg.find("temps:", p);
  r.proc = progress_of(seg.substr(p + 7, e == std::string_view::npos ? std::string_view::npos : e - p - 7));
  if (e != std::string_view::npos) {
    r.has_errors = true;
    r.errors = errors_of(seg.substr(e + 7, t == std::string_view::npos ? std::string_view::npos : t - e - 7));
  }
  if (t != std::string_view::npos) r.temps = temps_of(seg.substr(t + 6));
  return r;
}

struct Device {
  std::optional<std::string> dtype;
  bool tensor = false;
  std::optional<long long> result_bytes;
  int line = 0;
};

// "Initialized device 0 with 24217 MB of memory (23801 MB available, using 21420 MB of it), using
// FLOATS[, using Tensor Cores]" at the cursor: the device, and the cursor after "of it)".
std::optional<std::string_view> init_line_at(TextCursor& c) {  // just after "Initialized device "
  const auto device = c.digits();
  if (device && c.literal(" with ") && c.digits() && c.literal(" MB of memory (") && c.digits() &&
      c.literal(" MB available, using ") && c.digits() && c.literal(" MB of it)"))
    return device;
  return std::nullopt;
}

// "Tested 2 GPUs:\n\tGPU 0: OK", the cursor just after "Tested ".
bool tested_block_at(TextCursor& c) {
  return c.digits() && c.literal(" GPUs:\n") && (c.spaces(), c.literal("GPU ")) && c.digits() &&
         c.literal(": ") && (c.literal("OK") || c.literal("FAULTY"));
}

int detect_gpu_burn(std::string_view text) {
  const std::string_view head = text.substr(0, 1024 * 1024);
  if (contains(head, "proc'd:") && contains(head, "Gflop/s)")) return 95;
  const std::string_view h = head.substr(0, 256 * 1024);
  if (match_after_any(h, "Initialized device ", [](TextCursor& c) { return init_line_at(c).has_value(); })) return 90;
  if (contains(head, "GPUs:\n") && match_after_any(h, "Tested ", tested_block_at)) return 90;
  return 0;
}

// "  GPU 0: " from the cursor (spaces, "GPU ", the index, ": "): the index, the cursor after it.
std::optional<std::string_view> gpu_prefix(TextCursor& c) {
  c.spaces();
  if (!c.literal("GPU ")) return std::nullopt;
  const auto index = c.digits();
  if (!index || !c.literal(": ")) return std::nullopt;
  return index;
}

// "  GPU 0: OK" (the whole line): the index and the verdict.
std::optional<std::pair<std::string_view, std::string_view>> verdict_line(std::string_view line) {
  TextCursor c(line);
  const auto index = gpu_prefix(c);
  if (!index) return std::nullopt;
  const std::size_t at = c.at();
  if (!c.literal("OK") && !c.literal("FAULTY")) return std::nullopt;
  const std::string_view verdict = line.substr(at, c.at() - at);
  c.spaces();
  if (!c.done()) return std::nullopt;
  return std::pair{*index, verdict};
}

struct ListLine {
  std::string_view index, name, uuid;
};

// "GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-0a1ac16e-...)" at the line's start (nvidia-smi -L):
// the name is the shortest text before a " (UUID: GPU-<hex and dashes>)".
std::optional<ListLine> list_line(std::string_view line) {
  TextCursor c(line);
  const auto index = gpu_prefix(c);
  if (!index) return std::nullopt;
  const std::size_t name_at = c.at();
  const std::size_t name_ends = std::min(line.find_first_of("\r\n", name_at), line.size());  // what . matched
  for (auto p = line.find(" (UUID: ", name_at + 1); p != std::string_view::npos && p <= name_ends;
       p = line.find(" (UUID: ", p + 1)) {
    TextCursor u(line, p + 8);
    const std::size_t uuid_at = u.at();
    if (u.literal("GPU-") && u.run([](char ch) { return is_hex_digit(ch) || ch == '-'; }) && u.literal(")"))
      return ListLine{*index, line.substr(name_at, p - name_at), line.substr(uuid_at, u.at() - 1 - uuid_at)};
  }
  return std::nullopt;
}

struct InitLine {
  std::string_view device;
  bool doubles = false, tensor = false;
};

// The "Initialized device ..., using FLOATS|DOUBLES[, using Tensor Cores]" anywhere in the line.
std::optional<InitLine> init_line(std::string_view line) {
  std::optional<InitLine> out;
  match_after_any(line, "Initialized device ", [&](TextCursor& c) {
    const auto device = init_line_at(c);
    if (!device || !c.literal(", using ")) return false;
    const bool doubles = c.literal("DOUBLES");
    if (!doubles && !c.literal("FLOATS")) return false;
    out = InitLine{*device, doubles, c.literal(", using Tensor Cores")};
    return true;
  });
  return out;
}

// The digits between `before` and `after` ("Results are 268435456 bytes each"), anywhere in the line.
std::optional<std::string_view> number_between(std::string_view line, std::string_view before, std::string_view after) {
  std::optional<std::string_view> out;
  match_after_any(line, before, [&](TextCursor& c) {
    const auto n = c.digits();
    if (n && c.literal(after)) out = n;
    return out.has_value();
  });
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

json phase_json(const std::vector<double>& rates, const std::vector<double>& temps) {
  json j = json::object();
  j["tflops"] = median(rates) / 1000.0;
  j["reports"] = rates.size();
  if (!temps.empty()) {
    TelemetrySummary t;
    t.samples = static_cast<int>(temps.size());
    t.temperature_c = Range{*std::min_element(temps.begin(), temps.end()), median(temps),
                            *std::max_element(temps.begin(), temps.end())};
    t.extra = json{{"clock_event_reasons_read", false}};  // gpu-burn prints temperatures only
    j["telemetry"] = t;
  }
  return j;
}

// One GPU's column of the progress lines: its rates (the first report, start-up, left out), the
// time and temperature of each, and what its error counts add up to.
struct BurnSeries {
  std::vector<double> rates, t_at;
  std::vector<std::optional<double>> temp_of_rate;
  std::vector<TimelineSample> timeline;
  long long total_errors = 0;
  bool died = false, negative = false;
  int seen_reports = 0;
};

// The whole output read line by line (line_parser.hpp), then turned into rows per GPU.
struct BurnParser {
  ImportPart part;
  std::map<int, GpuInfo> gpus;
  std::map<int, Device> devices;
  std::map<int, std::string> verdicts;
  std::vector<Report> reports;
  std::vector<std::size_t> summary_after;  // index into reports after which a "Summary at:" came
  std::optional<double> run_s;
  std::optional<long long> last_result_bytes;
  bool tested = false, aborted = false;
  int last_init = -1;
  int bad = 0;
  std::string first_bad;

  void on_line(std::string_view line, int no) {
    if (tested) {
      if (const auto v = verdict_line(line)) {
        if (const auto i = to_index(v->first)) verdicts[*i] = std::string(v->second);
        return;
      }
    }
    if (on_list_line(line, no) || on_init_line(line, no) || on_run_line(line)) return;
    if (line.find("proc'd:") != std::string::npos) on_progress_line(line, no);
  }

  // "GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-...)"
  bool on_list_line(std::string_view line, int no) {
    const auto l = list_line(line);
    if (!l) return false;
    const auto gi = to_index(l->index);
    if (!gi) return true;
    const int i = *gi;
    GpuInfo g;
    g.index = i;
    g.name = std::string(trim(l->name));
    g.uuid = std::string(l->uuid);
    g.extra = json::object();
    SourceRef s = part.source;
    s.line = no;
    g.extra["source"] = source_json(s);
    gpus.emplace(i, std::move(g));
    if (!part.source.line) part.source.line = no;
    return true;
  }

  // "Initialized device 0 with ... MB of memory (...), using FLOATS"
  bool on_init_line(std::string_view line, int no) {
    const auto in = init_line(line);
    if (!in) return false;
    const auto di = to_index(in->device);
    if (!di) return true;
    const int d = *di;
    Device& dv = devices[d];
    last_init = d;
    dv.dtype = in->doubles ? "fp64" : "fp32";
    dv.tensor = in->tensor;
    dv.line = no;
    if (!part.source.line) part.source.line = no;
    return true;
  }

  // The lines around the progress: result size, duration, the summary, the abort.
  bool on_run_line(std::string_view line) {
    if (const auto bytes = number_between(line, "Results are ", " bytes each")) {
      last_result_bytes = to_ll(*bytes);
      // belongs to the device initialised last (workers start in any order)
      if (last_init >= 0 && !devices[last_init].result_bytes) devices[last_init].result_bytes = last_result_bytes;
      return true;
    }
    if (const auto secs = number_between(line, "Burning for ", " sec")) {
      run_s = to_d(*secs);
      return true;
    }
    if (number_between(line, "Tested ", " GPUs:")) {
      tested = true;
      return true;
    }
    if (contains(line, "Summary at:")) {
      summary_after.push_back(reports.size());
      return true;
    }
    if (contains(line, "No clients are alive")) {
      aborted = true;
      return true;
    }
    return false;
  }

  // "20.0%  proc'd: 81 (47174 Gflop/s) - 0 (0 Gflop/s)   errors: 0 - 0   temps: 50 C - 45 C"
  void on_progress_line(std::string_view line, int no) {
    for (const std::string_view seg : report_segments(line)) {
      Report r = report_of(seg, no);
      const std::size_t n = reports.empty() ? r.proc.size() : reports.front().proc.size();
      if (r.proc.empty() || r.proc.size() != n || (r.has_errors && r.errors.size() != n)) {
        if (bad++ == 0)
          first_bad = "line " + std::to_string(no) + ": a progress report with " + std::to_string(r.proc.size()) +
                      " GPU columns (cut, or not " + std::to_string(n) + ")";
        continue;
      }
      if (r.temps.size() != n) r.temps.assign(n, std::nullopt);
      reports.push_back(std::move(r));
    }
  }

  void finish() {
    if (bad > 0) part.skipped.push_back(first_bad + (bad > 1 ? " (and " + std::to_string(bad - 1) + " more such lines)" : ""));
    for (auto& [i, g] : gpus) part.gpus.push_back(g);
    const std::size_t n = reports.empty() ? verdicts.size() : reports.front().proc.size();
    for (std::size_t gi = 0; gi < n; ++gi) add_gpu_rows(static_cast<int>(gi));
    add_notes();
  }

  BurnSeries series_of(std::size_t gi) const {
    BurnSeries s;
    long long prev = 0, period_max = 0;
    bool first_report = true;
    std::size_t next_summary = 0;
    for (std::size_t ri = 0; ri < reports.size(); ++ri) {
      const Report& r = reports[ri];
      while (next_summary < summary_after.size() && summary_after[next_summary] <= ri) {
        s.total_errors += period_max;  // gpu-burn zeroes its error counts after each summary
        period_max = 0;
        ++next_summary;
      }
      const auto [count, rate] = r.proc[gi];
      const ErrorCell ec = r.errors.empty() ? ErrorCell{} : r.errors[gi];
      if (count < 0 || ec.died) {
        // gpu-burn could not read the worker's report: its error count is an uninitialised int
        // (1641686072, -533715488), not a count of wrong elements.
        s.died = true;
        continue;
      }
      if (ec.count < 0) s.negative = true;
      if (ec.count != 0) period_max = std::max(period_max, ec.count < 0 ? 1LL : ec.count);
      if (count == prev) continue;  // this worker did not report: the line repeats its last rate
      prev = count;
      ++s.seen_reports;
      if (first_report) {  // includes the worker's start-up
        first_report = false;
        continue;
      }
      if (rate <= 0) continue;
      add_rate(s, r, gi, rate);
    }
    s.total_errors += period_max;
    return s;
  }

  void add_rate(BurnSeries& s, const Report& r, std::size_t gi, double rate) const {
    s.rates.push_back(rate);
    std::optional<double> ts;
    if (r.pct && run_s) ts = *r.pct / 100.0 * *run_s;
    s.t_at.push_back(ts.value_or(static_cast<double>(s.rates.size())));
    s.temp_of_rate.push_back(r.temps[gi]);
    TimelineSample t;
    t.t_s = ts;
    t.temperature_c = r.temps[gi];
    s.timeline.push_back(t);
  }

  void add_gpu_rows(int gpu) {
    const auto d = devices.find(gpu);
    const Device dv = d != devices.end() ? d->second : Device{};
    BurnSeries s = series_of(static_cast<std::size_t>(gpu));
    const auto v = verdicts.find(gpu);
    const std::string verdict = v != verdicts.end() ? v->second : "";
    if (s.rates.empty() && verdict.empty() && !s.died) return;

    json extra = json::object();
    SourceRef src = part.source;
    src.line = dv.line ? dv.line : (reports.empty() ? 0 : reports.front().line);
    extra["source"] = source_json(src);
    part.benchmarks.push_back(gflops_row(gpu, s, params_of(dv, s, verdict), extra));
    // A worker that died is FAULTY in gpu-burn's summary because of its garbage count: that says
    // it stopped, not that it computed wrong numbers.
    if (!s.died && (s.total_errors != 0 || s.negative || verdict == "FAULTY"))
      part.benchmarks.push_back(errors_row(gpu, s, verdict, extra));
    if (!s.timeline.empty() &&
        std::any_of(s.timeline.begin(), s.timeline.end(), [](const TimelineSample& x) { return x.temperature_c.has_value(); }))
      part.timelines.push_back({gpu, std::move(s.timeline)});
  }

  json params_of(const Device& dv, const BurnSeries& s, const std::string& verdict) const {
    json params = json::object();
    if (dv.dtype) params["dtype"] = *dv.dtype;
    params["tensor_cores"] = dv.tensor;
    params["gemm"] = dv.dtype && *dv.dtype == "fp64" ? "cublasDgemm" : "cublasSgemm";
    if (dv.result_bytes && dv.dtype) {
      const double elems = static_cast<double>(*dv.result_bytes) / (*dv.dtype == "fp64" ? 8.0 : 4.0);
      const double side = std::sqrt(elems);
      if (side >= 1 && std::fabs(side - std::round(side)) < 1e-6) params["matrix_n"] = static_cast<long long>(std::round(side));
    }
    if (run_s) params["run_s"] = *run_s;
    params["reports"] = s.seen_reports;
    params["errors"] = s.total_errors;
    if (!verdict.empty()) params["verdict"] = verdict;
    add_phases(params, s);
    return params;
  }

  // The first and last quarter of the run, for rule_sustained (the card against itself).
  // A pasted terminal keeps about one line per 10% of the run (the rest were redrawn over), so a
  // run gives few reports: at least 6, the first and last quarter of them but never fewer than 2.
  void add_phases(json& params, const BurnSeries& s) const {
    constexpr std::size_t kMinReports = 6;
    if (s.died || s.rates.size() < kMinReports) return;
    const std::size_t n = s.rates.size();
    const std::size_t q = std::max<std::size_t>(2, n / 4);
    std::vector<double> br(s.rates.begin(), s.rates.begin() + static_cast<long>(q));
    std::vector<double> sr(s.rates.end() - static_cast<long>(q), s.rates.end());
    std::vector<double> bt, st;
    for (std::size_t i = 0; i < q; ++i) {
      if (s.temp_of_rate[i]) bt.push_back(*s.temp_of_rate[i]);
      if (s.temp_of_rate[n - q + i]) st.push_back(*s.temp_of_rate[n - q + i]);
    }
    params["burst"] = phase_json(br, bt);
    params["sustained"] = phase_json(sr, st);
    if (run_s) params["soak_window_s"] = s.t_at[n - q] - s.t_at[0];
  }

  static BenchmarkResult gflops_row(int gpu, const BurnSeries& s, json params, const json& extra) {
    BenchmarkResult b;
    b.name = "gpu_burn/gflops";
    b.gpu = gpu;
    b.unit = "GFLOP/s";
    b.samples = s.rates;
    if (!s.rates.empty()) b.summary = summarize(s.rates);
    if (s.died) {
      b.status = "error";
      b.message = "gpu-burn's worker for this GPU died (proc'd -1): it stopped computing";
      b.summary.reset();
    } else if (s.rates.empty()) {
      b.status = "error";
      b.message = "no rate reported after the worker's first report (which includes its start-up)";
    }
    b.params = std::move(params);
    b.extra = extra;
    return b;
  }

  static BenchmarkResult errors_row(int gpu, const BurnSeries& s, const std::string& verdict, const json& extra) {
    BenchmarkResult w;
    w.name = "gpu_burn/errors";
    w.gpu = gpu;
    w.status = "check-failed";
    w.unit = "count";
    w.higher_is_better = false;
    json oc = json::object();
    oc["against"] = "gpu-burn's first product of the same inputs (every product must be the same)";
    if (s.total_errors > 0 && !s.negative) oc["mismatches"] = s.total_errors;
    w.params = json{{"output_check", oc}};
    if (!verdict.empty()) w.params["verdict"] = verdict;
    w.message = s.negative ? "gpu-burn counted faulty elements (its count overflowed and printed negative)"
                           : "gpu-burn counted " + std::to_string(s.total_errors) + " faulty elements" +
                                 (verdict == "FAULTY" ? " and said FAULTY" : "");
    w.extra = extra;
    return w;
  }

  void add_notes() {
    // The "GPU N:" lines and the temperatures are nvidia-smi's numbering (PCI order); the progress
    // columns are CUDA's devices, numbered fastest first. On GPUs of one model the two agree; on a
    // mix they need not (a K40m and an M4000: CUDA's device 0 was the M4000, nvidia-smi's GPU 0 the
    // K40m), so the rows may sit on the wrong GPU: say so.
    bool mixed = false;
    for (const auto& [i, g] : gpus) mixed |= g.name != gpus.begin()->second.name;
    if (mixed)
      part.warnings.push_back("the GPUs are of different models: gpu-burn's rate columns are CUDA device numbers (fastest first), "
                              "its GPU names and temperatures nvidia-smi's (PCI order), which may differ");
    if (aborted) part.warnings.push_back("gpu-burn aborted: \"No clients are alive!\" (every worker died)");
    if (!reports.empty() && !run_s) part.warnings.push_back("no \"Burning for N seconds\" line: report times are not known");
    if (reports.empty() && verdicts.empty()) part.skipped.push_back("no progress line (proc'd: ...) and no \"Tested N GPUs\" summary");
  }
};

const RegisterFormat reg{{"gpu-burn", "gpu-burn output (proc'd / Gflop/s / errors / temps lines)", detect_gpu_burn,
                          line_parse<BurnParser>("gpu-burn")}};

}  // namespace

}  // namespace gpuaudit::imports
