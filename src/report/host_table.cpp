#include "report/host_table.hpp"

#include "text/escape.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

namespace gpuaudit {

namespace {

std::string fmt_figure(double v) {
  const double a = std::fabs(v);
  return fmt_num(v, a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3);
}

std::optional<double> derived(const BenchmarkResult& b, const char* key) {
  const auto it = b.derived.find(key);
  if (it == b.derived.end()) return std::nullopt;
  return it->second;
}

}  // namespace

bool is_host_row(const BenchmarkResult& b) { return b.name.rfind("host/", 0) == 0 && !b.gpu; }

std::string spread_cell(const BenchmarkResult& b) {
  const auto v = b.value();
  if (!v || !b.summary) return "";
  if (*v == 0 || (b.unit == "%" && std::fabs(*v) < 1)) return "-";
  return fmt_num(100.0 * b.summary->cv, 2);
}

std::string host_judged_cell(const BenchmarkResult& b) {
  std::vector<std::string> parts;
  if (const auto r = derived(b, "all_core_ratio"); r && b.name == "host/cpu_all") parts.push_back("all-core ratio " + fmt_num(*r, 2));
  if (const auto w = derived(b, "whole_run_pct")) parts.push_back("whole run " + fmt_num(*w, 1) + "%");
  if (const auto f = derived(b, "feeds_images_per_s")) {
    std::string s = "feeds " + fmt_num(*f, 0) + " images/s";
    if (const auto g = derived(b, "feeds_images_per_s_per_gpu")) s += " (" + fmt_num(*g, 0) + " per GPU)";
    parts.push_back(s);
  }
  if (const auto p = derived(b, "p99_latency_us")) parts.push_back("p99 " + fmt_figure(*p) + " us");
  if (const auto o = derived(b, "foreign_cpu_pct")) parts.push_back("others " + fmt_num(*o, 0) + "% of CPUs");
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::string host_table(const ResultDocument& doc) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"host check", "median", "unit", "min", "cv%", "n", "judged", "note"});
  for (const auto& b : doc.benchmarks) {
    if (!is_host_row(b)) continue;
    std::vector<std::string> r{b.name};
    if (const auto v = b.value()) {
      r.insert(r.end(), {fmt_figure(*v), b.unit, fmt_figure(b.summary->min), spread_cell(b), std::to_string(b.summary->n)});
    } else {
      r.insert(r.end(), {b.status, b.unit, "", "", ""});
    }
    r.push_back(host_judged_cell(b));
    r.push_back(b.message);
    rows.push_back(std::move(r));
  }
  if (rows.size() == 1) return "";
  // Leave out a trailing column no row fills (no note anywhere: no empty "note" header).
  size_t ncols = rows[0].size();
  while (ncols > 1 && std::all_of(rows.begin() + 1, rows.end(), [&](const auto& r) { return r[ncols - 1].empty(); })) --ncols;
  TextTable table;
  for (auto& r : rows) table.rows.emplace_back(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(ncols));
  table.align = {Align::left, Align::right, Align::left, Align::right, Align::right, Align::right};
  return render_table(table);  // escapes each cell: messages may quote a path or a tool's output
}

}  // namespace gpuaudit
