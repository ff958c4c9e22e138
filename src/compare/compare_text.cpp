#include "compare/compare_render.hpp"

#include "text/escape.hpp"
#include "text/figure_format.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"
#include "text/wrap.hpp"

#include "core/join.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace gpuaudit {

std::string outcome_counts(const Comparison& c) {
  std::string s;
  for (const char* o : {"regressed", "failed", "improved", "same", "missing", "new", "skipped"}) {
    const int n = c.count(o);
    if (n == 0 && std::string(o) != "same") continue;
    s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + o;
  }
  return s;
}

namespace {

std::string base_description(const Comparison& c) {
  if (c.base_names.size() == 1) return c.base_names[0] + " (" + c.base_created_utc + ")";
  return "median of the last " + std::to_string(c.base_names.size()) + " runs, latest " + c.base_names.back() +
         " (" + c.base_created_utc + ")";
}

std::string table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right) {
  TextTable t{rows};
  for (const bool r : right) t.align.push_back(r ? Align::right : Align::left);
  return render_table(t);
}

// Regressions whose causes read the same are said once: "sm/fp32, gemm/bf16 (GPU 0): power limit ...".
std::string causes_text(const Comparison& c, std::size_t width) {
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;  // causes, labels
  for (const auto& f : c.figures) {
    if (!f.is_regression()) continue;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == f.causes; });
    if (g == groups.end()) groups.push_back({f.causes, {f.label()}});
    else g->second.push_back(f.label());
  }
  if (groups.empty()) return "";
  std::string o = "\nwhat changed beside the regressions:\n";
  for (const auto& [causes, labels] : groups)
    o += wrap(join(labels) + ": " +
                  (causes.empty() ? "nothing else the documents record changed (power limit, clocks, PCIe link, "
                                    "temperature, clock-event reasons)"
                                  : join(causes, "; ")),
              width, "  ", "    ");
  return o;
}

std::string same_text(const Comparison& c, std::size_t width) {
  std::vector<std::string> labels;
  for (const auto& f : c.figures)
    if (f.outcome == "same") labels.push_back(f.label());
  if (labels.empty()) return "";
  return wrap(std::to_string(labels.size()) + (labels.size() == 1 ? " figure" : " figures") +
                  " the same within tolerance (-v lists them): " + join(labels),
              width);
}

}  // namespace

std::string compare_text(const Comparison& c, std::size_t width, bool all_rows) {
  std::ostringstream o;
  o << "base: " << base_description(c) << "\n";
  o << "new:  " << c.new_name << " (" << c.new_created_utc << ")\n";
  if (c.hardware_differences.empty()) {
    o << "hardware: " << c.new_hardware << " in both\n";
  } else {
    o << "hardware DIFFERS (--allow-different-hardware):\n";
    for (const auto& d : c.hardware_differences) o << "  " << d.what << ": " << d.base << " -> " << d.next << "\n";
  }
  if (c.software_differences.empty()) {
    o << "software: same driver, CUDA, cuBLAS, NCCL, kernel and gpuaudit versions\n";
  } else {
    o << "software changed:\n";
    for (const auto& d : c.software_differences) o << "  " << d.what << ": " << d.base << " -> " << d.next << "\n";
  }
  o << "\n";

  // -v: every column; else the ones a reader needs at 80 columns: the direction is in the verdict,
  // the noise in the p-value, and a judged figure's reason repeats its change, p and tolerance.
  std::vector<std::vector<std::string>> rows;
  if (all_rows) rows.push_back({"figure", "base", "new", "unit", "change", "better", "p", "noise", "verdict", "why"});
  else rows.push_back({"figure", "base", "new", "unit", "change", "p", "verdict", "why"});
  for (const auto& f : c.figures) {
    if (!all_rows && f.outcome == "same") continue;
    const auto& j = f.judgement;
    std::string verdict = f.outcome;
    if (f.is_regression())
      for (auto& ch : verdict) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    const std::string change = j ? fmt_change_pct(j->change_pct) : "-";
    const std::string p = j && j->p_value ? fmt_p_value(*j->p_value) : "-";
    if (all_rows)
      rows.push_back({f.label(), fmt_figure(f.base_value), fmt_figure(f.new_value), f.unit, change,
                      f.higher_is_better ? "higher" : "lower", p, j ? fmt_num(j->noise_pct, 1) + "%" : "-", verdict, f.reason});
    else
      rows.push_back({f.label(), fmt_figure(f.base_value), fmt_figure(f.new_value), f.unit, change, p, verdict,
                      j ? std::string() : f.reason});
  }
  if (!all_rows && std::all_of(rows.begin() + 1, rows.end(), [](const auto& r) { return r.back().empty(); }))
    for (auto& r : rows) r.pop_back();  // no reason to give: no "why" column
  if (c.figures.empty()) o << "(no figures in common)\n";
  else if (rows.size() > 1 && all_rows) o << table(rows, {false, true, true, false, true, false, true, true, false, false});
  else if (rows.size() > 1) o << table(rows, {false, true, true, false, true, true, false, false});
  if (!all_rows) o << same_text(c, width);
  o << causes_text(c, width);
  o << "\n" << outcome_counts(c) << "; tolerance " << c.tolerance_text << ", alpha " << fmt_alpha(c.alpha) << "\n";
  o << (c.has_regression() ? "result: REGRESSION\n" : "result: no regression\n");
  return terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

}  // namespace gpuaudit
