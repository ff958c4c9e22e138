#include "report/results_text.hpp"

#include "core/figure_label.hpp"
#include "text/escape.hpp"
#include "text/format.hpp"
#include "report/host_table.hpp"
#include "text/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpuaudit {

namespace {

// Significant digits that suit the magnitude: 4312 GB/s, 789.3 TFLOP/s, 2.41 us.
std::string fmt_figure(double v) {
  const double a = std::fabs(v);
  return fmt_num(v, a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3);
}

// Columns of figures are right-aligned; found by heading, so that a column added or moved keeps
// its alignment.
bool figure_column(const std::string& heading) {
  for (const char* h : {"median", "min", "max", "cv%", "n", "sm MHz", "power W"})
    if (heading == h) return true;
  return false;
}

}  // namespace

std::string gpu_results_table(const ResultDocument& doc) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"benchmark", "gpu", "median", "unit", "min", "cv%", "n", "sm MHz", "power W", "clock events", "note"});
  for (const auto& b : doc.benchmarks) {
    if (is_host_row(b)) continue;  // host_table: no GPU, clock or power columns
    const std::string count = figure_gpu_count(b);
    std::vector<std::string> r{b.name + figure_variant(b), b.gpu ? std::to_string(*b.gpu) : count.empty() ? "-" : count};
    if (const auto v = b.value()) {
      r.push_back(fmt_figure(*v));
      r.push_back(b.unit);
      r.push_back(fmt_figure(b.summary->min));
      r.push_back(spread_cell(b));
      r.push_back(std::to_string(b.summary->n));
    } else {
      r.push_back(b.status);
      r.push_back(b.unit);
      r.insert(r.end(), {"", "", ""});
    }
    if (b.telemetry && b.telemetry->sm_clock_mhz) r.push_back(fmt_num(b.telemetry->sm_clock_mhz->median, 0));
    else r.push_back("");
    if (b.telemetry && b.telemetry->power_w) r.push_back(fmt_num(b.telemetry->power_w->max, 0));
    else r.push_back("");
    std::string reasons;
    if (b.telemetry)
      for (const auto& x : b.telemetry->clock_event_reasons) reasons += (reasons.empty() ? "" : ",") + x;
    r.push_back(reasons);
    r.push_back(b.value() ? "" : b.message);  // why a row has no figure: never under "clock events"
    rows.push_back(r);
  }
  if (rows.size() == 1) return "";
  TextTable table(rows);
  for (const auto& heading : rows[0]) table.align.push_back(figure_column(heading) ? Align::right : Align::left);
  // render_table escapes every cell: tags, names and hostnames may hold escapes.
  return render_table(table);
}

std::string results_table(const ResultDocument& doc) {
  const std::string gpu = gpu_results_table(doc);
  const std::string host = host_table(doc);
  return gpu + (gpu.empty() || host.empty() ? "" : "\n") + host;
}

}  // namespace gpuaudit
