#include "report/fleet_render.hpp"

#include "core/join.hpp"
#include "text/escape.hpp"
#include "text/figure_format.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"
#include "text/wrap.hpp"

#include <algorithm>
#include <sstream>

namespace gpuaudit {

std::string fmt_money(double v, const std::string& currency) {
  return fmt_num(v, v >= 100 ? 0 : v >= 0.1 ? 2 : 3) + " " + currency;
}

namespace {

// Columns from first_numeric up to (not including) last_text are right-aligned numbers.
std::string table(const std::vector<std::vector<std::string>>& rows, size_t first_numeric, size_t last_text,
                  const std::string& indent) {
  TextTable t{rows};
  t.indent = indent;
  for (size_t i = 0; i < rows[0].size(); ++i) t.align.push_back(i >= first_numeric && i < last_text ? Align::right : Align::left);
  return render_table(t);
}

std::string findings_line(const Group& g) {
  if (g.scored == 0) return "findings: - (no assessment in these documents; gpuaudit score adds one)";
  std::vector<std::pair<std::string, int>> v(g.findings.begin(), g.findings.end());
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string s = "findings (" + std::to_string(g.scored) + " scored):";
  for (const auto& [id, n] : v) s += " " + id + " " + std::to_string(n) + ",";
  if (s.back() == ',') s.pop_back();
  if (g.delivered_pct)
    s += "; delivered " + fmt_num(g.delivered_pct->median, 0) + "% median (" + fmt_num(g.delivered_pct->min, 0) +
         "-" + fmt_num(g.delivered_pct->max, 0) + "%)";
  return s;
}

}  // namespace

std::string fleet_text(const FleetReport& r, std::size_t width) {
  std::ostringstream o;
  const std::string by = join(r.group_by);
  o << "gpuaudit report: " << r.run_count << " run" << (r.run_count == 1 ? "" : "s") << " in " << r.groups.size()
    << " group" << (r.groups.size() == 1 ? "" : "s") << (by.empty() ? "" : " (by " + by + ")") << "\n";
  if (r.synthetic) o << "note: " << r.synthetic << " of them are synthetic (not measured on a real card)\n";
  for (const auto& g : r.groups) {
    o << "\n"
      << wrap("== " + g.label + " - " + std::to_string(g.runs.size()) + " run" + (g.runs.size() == 1 ? "" : "s") + ", " +
                  std::to_string(g.gpus) + " GPU" + (g.gpus == 1 ? "" : "s"),
              width, "", "   ");
    if (g.figures.empty()) {
      o << "  (no key figures in these documents)\n";
    } else {
      std::vector<std::vector<std::string>> rows{{"figure", "median", "min", "max", "n", "unit"}};
      for (const auto& f : g.figures)
        rows.push_back({f.name + (f.higher_is_better ? "" : " (lower is better)"), fmt_figure(f.spread.median),
                        fmt_figure(f.spread.min), fmt_figure(f.spread.max), std::to_string(f.spread.n), f.unit});
      o << table(rows, 1, 5, "  ");
    }
    o << wrap(findings_line(g), width, "  ", "    ");
    // One line per slow node, its figures in the order found.
    std::vector<std::pair<std::string, std::string>> slow;  // node -> its figures in words
    for (const auto& s : g.stragglers) {
      const std::string words = s.figure + " " + fmt_figure(s.value) + " " + s.unit + " (" +
                                fmt_num(100 * s.value / s.group_median, 0) + "% of the group's median " +
                                fmt_figure(s.group_median) + ")";
      auto it = std::find_if(slow.begin(), slow.end(), [&](const auto& x) { return x.first == s.node; });
      if (it == slow.end()) slow.push_back({s.node, words});
      else it->second += ", " + words;
    }
    for (const auto& [node, words] : slow) o << wrap("straggler: " + node + ": " + words, width, "  ", "    ");
    if (g.price_per_hour) {
      o << "  price: " << fmt_money(g.price_per_hour->median, g.currency) << "/h median over " << g.priced
        << " priced run" << (g.priced == 1 ? "" : "s");
      if (g.other_currency) o << " (" << g.other_currency << " in another currency left out)";
      o << "\n";
      if (g.per_bf16_pflop_hour) o << "  cost: " << fmt_money(g.per_bf16_pflop_hour->median, g.currency) << " " << kCostPflopLabel << "\n";
      if (g.per_hbm_tbs_hour) o << "        " << fmt_money(g.per_hbm_tbs_hour->median, g.currency) << " " << kCostHbmLabel << "\n";
      if (g.per_host_copy_gbs_hour) o << "        " << fmt_money(g.per_host_copy_gbs_hour->median, g.currency) << " " << kCostHostLabel << "\n";
    }
  }

  std::vector<const Group*> priced;
  for (const auto& g : r.groups)
    if (g.per_bf16_pflop_hour) priced.push_back(&g);
  if (priced.size() > 1) {
    std::stable_sort(priced.begin(), priced.end(), [](const Group* a, const Group* b) {
      return a->per_bf16_pflop_hour->median < b->per_bf16_pflop_hour->median;
    });
    o << "\n== cheapest dense BF16 first (median cost per PFLOP/s-hour)\n";
    std::vector<std::vector<std::string>> rows{{"group", "price/h", "per PFLOP/s-h", "per TB/s-h", "per GB/s-h"}};
    for (const auto* g : priced)
      rows.push_back({g->label, fmt_money(g->price_per_hour->median, g->currency),
                      fmt_money(g->per_bf16_pflop_hour->median, g->currency),
                      g->per_hbm_tbs_hour ? fmt_money(g->per_hbm_tbs_hour->median, g->currency) : "-",
                      g->per_host_copy_gbs_hour ? fmt_money(g->per_host_copy_gbs_hour->median, g->currency) : "-"});
    std::string t = table(rows, 1, 5, "  ");
    if (display_width(t.substr(0, t.find('\n'))) > width) {
      // Too wide beside its labels: the groups numbered first, then the table by number.
      for (std::size_t i = 1; i < rows.size(); ++i) {
        o << wrap(std::to_string(i) + "  " + rows[i][0], width, "  ", "     ");
        rows[i][0] = std::to_string(i);
      }
      rows[0][0] = "#";
      t = table(rows, 0, 5, "  ");
    }
    o << t;
  }
  return terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

}  // namespace gpuaudit
