// The HTML report: one self-contained file. No script at all, inline CSS only, and a Content
// Security Policy that forbids anything else, so even a tag that slipped through escaping could
// not run or fetch. Every table has the numbers the charts draw, for screen readers and print.
#include "text/escape.hpp"
#include "core/join.hpp"
#include "text/figure_format.hpp"
#include "report/fleet_render.hpp"
#include "text/format.hpp"
#include "report/reason_markers.hpp"
#include "report/soak_series.hpp"
#include "report/svg_chart.hpp"
#include "report/watch_series.hpp"

#include <algorithm>
#include <set>
#include <algorithm>
#include <map>
#include <sstream>

namespace gpuaudit {

namespace {

// On a narrow screen (a phone's 400 px) a chart keeps at least 880 of its 1080 drawing units, so
// its 11-unit labels stay 9 px or more, and its figure scrolls sideways instead of the page
// (tests/cli/report_html_layout.sh measures both at 1280 and 400 px).
constexpr const char* kCss = R"(
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
       margin: 24px auto; max-width: 1120px; padding: 0 16px; color: #1a1a1a; background: #fff; }
h1 { font-size: 24px; margin-bottom: 4px; }
h2 { font-size: 19px; border-bottom: 1px solid #ddd; padding-bottom: 4px; margin-top: 36px; }
h3 { font-size: 16px; margin: 20px 0 6px; }
p.lede { color: #444; margin-top: 0; }
.note { background: #fff4d6; border: 1px solid #e0c060; padding: 6px 10px; }
.wide { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 8px 0; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #d0d0d0; padding: 3px 8px; text-align: right; vertical-align: top; }
th { background: #f3f3f3; font-weight: 600; }
th.t, td.t { text-align: left; }
td.spread { color: #555; font-size: 12px; }
figure { margin: 18px 0; break-inside: avoid; page-break-inside: avoid; overflow-x: auto; }
figcaption { font-size: 13px; color: #444; margin-bottom: 4px; }
svg { width: 100%; min-width: 880px; height: auto; display: block; }
svg text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: #1a1a1a; }
footer { margin-top: 40px; color: #666; font-size: 12px; border-top: 1px solid #ddd; padding-top: 8px; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  h2 { break-after: avoid; page-break-after: avoid; }
  .wide { overflow: visible; }
  table, figure { break-inside: avoid; page-break-inside: avoid; }
  th { background: #eee; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  svg { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  details > summary { list-style: none; }
}
)";

std::string esc(const std::string& s) { return xml_escape(s); }

Bar bar_of(const std::string& label, const Spread& s) {
  Bar b;
  b.label = label;
  b.value = s.median;
  b.lo = s.min;
  b.hi = s.max;
  b.n = s.n;
  return b;
}

// Ids for chart elements: from our own counters, never from user text.
std::string chart_id(const std::string& kind, size_t n) { return kind + "-" + std::to_string(n); }

std::string spread_cell(const Spread& s) {
  return fmt_figure(s.median) + "<br><span class=\"spread\">" + fmt_figure(s.min) + "&ndash;" + fmt_figure(s.max) +
         " (n=" + std::to_string(s.n) + ")</span>";
}

std::string money_cell(const std::optional<Spread>& s, const std::string& currency) {
  return s ? esc(fmt_money(s->median, currency)) : "&ndash;";
}

void group_table(std::ostringstream& o, const FleetReport& r) {
  o << "<section id=\"groups\">\n<h2>Groups</h2>\n<div class=\"wide\"><table>\n"
    << "<caption>Median of each key figure per group; below it the lowest&ndash;highest value and how many "
       "values (one per GPU)</caption>\n<thead><tr>";
  for (const auto& k : r.group_by) o << "<th class=\"t\" scope=\"col\">" << esc(k) << "</th>";
  if (r.group_by.empty()) o << "<th class=\"t\" scope=\"col\">group</th>";
  o << "<th scope=\"col\">runs</th><th scope=\"col\">GPUs</th>";
  for (const auto& name : r.figure_names) {
    std::string unit;
    for (const auto& g : r.groups)
      if (const auto* f = g.figure(name)) unit = f->unit;
    o << "<th scope=\"col\">" << esc(name) << "<br>" << esc(unit) << "</th>";
  }
  o << "</tr></thead>\n<tbody>\n";
  for (const auto& g : r.groups) {
    o << "<tr>";
    for (size_t i = 0; i < g.key_values.size(); ++i)
      o << (i == 0 ? "<th class=\"t\" scope=\"row\">" : "<td class=\"t\">") << esc(g.key_values[i])
        << (i == 0 ? "</th>" : "</td>");
    if (g.key_values.empty()) o << "<th class=\"t\" scope=\"row\">" << esc(g.label) << "</th>";
    o << "<td>" << g.runs.size() << "</td><td>" << g.gpus << "</td>";
    for (const auto& name : r.figure_names) {
      const auto* f = g.figure(name);
      o << "<td>" << (f ? spread_cell(f->spread) : "&ndash;") << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</tbody></table></div>\n</section>\n";
}

// Per provider, when the groups are keyed by it: how many groups, runs and GPUs, the share of its
// scored runs with no finding, and its cheapest dense-BF16 group (a fleet of many groups compared
// by who sells it, before the rows of each group).
void provider_table(std::ostringstream& o, const FleetReport& r) {
  const auto key = std::find(r.group_by.begin(), r.group_by.end(), "provider");
  if (key == r.group_by.end()) return;
  const std::size_t k = static_cast<std::size_t>(key - r.group_by.begin());
  struct Sum {
    int groups = 0, runs = 0, gpus = 0, scored = 0, healthy = 0;
    const Group* cheapest = nullptr;
  };
  std::map<std::string, Sum> by;
  for (const auto& g : r.groups) {
    if (k >= g.key_values.size()) continue;
    Sum& s = by[g.key_values[k]];
    ++s.groups;
    s.runs += static_cast<int>(g.runs.size());
    s.gpus += g.gpus;
    s.scored += g.scored;
    if (const auto h = g.findings.find("healthy"); h != g.findings.end()) s.healthy += h->second;
    if (g.per_bf16_pflop_hour && (!s.cheapest || g.per_bf16_pflop_hour->median < s.cheapest->per_bf16_pflop_hour->median))
      s.cheapest = &g;
  }
  if (by.size() < 2) return;
  o << "<section id=\"providers\">\n<h2>Providers</h2>\n<div class=\"wide\"><table>\n<caption>Per provider: its groups, "
       "runs and GPUs, how many scored runs were called healthy, and its cheapest group for dense BF16</caption>\n"
       "<thead><tr><th class=\"t\" scope=\"col\">provider</th><th scope=\"col\">groups</th><th scope=\"col\">runs</th>"
       "<th scope=\"col\">GPUs</th><th scope=\"col\">healthy runs</th><th class=\"t\" scope=\"col\">cheapest group "
       "(per dense-BF16 PFLOP/s-hour)</th></tr></thead>\n<tbody>\n";
  for (const auto& [name, s] : by) {
    o << "<tr><th class=\"t\" scope=\"row\">" << esc(name) << "</th><td>" << s.groups << "</td><td>" << s.runs
      << "</td><td>" << s.gpus << "</td><td>" << s.healthy << " of " << s.scored << "</td><td class=\"t\">";
    if (s.cheapest) o << esc(s.cheapest->label) << ": " << esc(fmt_money(s.cheapest->per_bf16_pflop_hour->median, s.cheapest->currency));
    else o << "&ndash;";
    o << "</td></tr>\n";
  }
  o << "</tbody></table></div>\n</section>\n";
}

void findings_table(std::ostringstream& o, const FleetReport& r) {
  o << "<section id=\"findings\">\n<h2>Findings</h2>\n";
  bool any_scored = false;
  for (const auto& g : r.groups) any_scored |= g.scored > 0;
  if (!any_scored) {
    o << "<p>No document carries an assessment (run <code>gpuaudit score</code> on them to add one).</p>\n</section>\n";
    return;
  }
  o << "<div class=\"wide\"><table>\n<caption>How many runs of each group had each finding</caption>\n<thead><tr>"
       "<th class=\"t\" scope=\"col\">group</th><th scope=\"col\">scored runs</th><th scope=\"col\">delivered "
       "(median, of a full card)</th>";
  for (const auto& id : r.finding_ids) o << "<th scope=\"col\">" << esc(id) << "</th>";
  o << "</tr></thead>\n<tbody>\n";
  for (const auto& g : r.groups) {
    o << "<tr><th class=\"t\" scope=\"row\">" << esc(g.label) << "</th><td>" << g.scored << " of " << g.runs.size()
      << "</td><td>" << (g.delivered_pct ? fmt_num(g.delivered_pct->median, 0) + "%" : "&ndash;") << "</td>";
    for (const auto& id : r.finding_ids) {
      const auto it = g.findings.find(id);
      o << "<td>" << (it == g.findings.end() ? "&ndash;" : std::to_string(it->second)) << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</tbody></table></div>\n</section>\n";
}

void cost_section(std::ostringstream& o, const FleetReport& r, size_t& charts) {
  o << "<section id=\"cost\">\n<h2>Cost</h2>\n";
  std::vector<const Group*> priced;
  for (const auto& g : r.groups)
    if (g.price_per_hour) priced.push_back(&g);
  if (priced.empty()) {
    o << "<p>No document has a price (<code>gpuaudit run --price-per-hour 3.20 --currency USD</code>).</p>\n</section>\n";
    return;
  }
  std::stable_sort(priced.begin(), priced.end(), [](const Group* a, const Group* b) {
    const double x = a->per_bf16_pflop_hour ? a->per_bf16_pflop_hour->median : 1e300;
    const double y = b->per_bf16_pflop_hour ? b->per_bf16_pflop_hour->median : 1e300;
    return x < y;
  });
  o << "<p>What a sustained unit of delivered work costs per hour: the price divided by what the run measured "
       "(summed over its GPUs). Cheapest dense BF16 first.</p>\n";
  o << "<div class=\"wide\"><table>\n<caption>Median cost per group</caption>\n<thead><tr><th class=\"t\" "
       "scope=\"col\">group</th><th scope=\"col\">priced runs</th><th scope=\"col\">price per hour</th><th "
       "scope=\"col\">"
    << esc(kCostPflopLabel) << "</th><th scope=\"col\">" << esc(kCostHbmLabel) << "</th><th scope=\"col\">"
    << esc(kCostHostLabel) << "</th></tr></thead>\n<tbody>\n";
  for (const auto* g : priced) {
    o << "<tr><th class=\"t\" scope=\"row\">" << esc(g->label) << "</th><td>" << g->priced;
    if (g->other_currency) o << " (+" << g->other_currency << " in another currency, left out)";
    o << "</td><td>" << money_cell(g->price_per_hour, g->currency) << "</td><td>"
      << money_cell(g->per_bf16_pflop_hour, g->currency) << "</td><td>" << money_cell(g->per_hbm_tbs_hour, g->currency)
      << "</td><td>" << money_cell(g->per_host_copy_gbs_hour, g->currency) << "</td></tr>\n";
  }
  o << "</tbody></table></div>\n";

  // One bar chart per cost, when all priced groups share a currency (bars in two currencies would lie).
  std::set<std::string> currencies;
  for (const auto* g : priced) currencies.insert(g->currency);
  if (currencies.size() != 1) {
    o << "<p class=\"note\">Groups are priced in different currencies; no cost chart is drawn.</p>\n</section>\n";
    return;
  }
  const std::string cur = *currencies.begin();
  struct CostKind {
    const char* label;
    std::optional<Spread> Group::*field;
  };
  for (const CostKind k : {CostKind{kCostPflopLabel, &Group::per_bf16_pflop_hour},
                           CostKind{kCostHbmLabel, &Group::per_hbm_tbs_hour},
                           CostKind{kCostHostLabel, &Group::per_host_copy_gbs_hour}}) {
    BarChart c;
    c.id = chart_id("cost", charts++);
    c.title = "Cost " + std::string(k.label) + " by group (lower is better)";
    c.axis_label = cur + " " + k.label + " (median; whiskers min-max)";
    c.unit = cur;
    for (const auto* g : priced)
      if (const auto& s = g->*(k.field)) c.bars.push_back(bar_of(g->label, *s));
    if (c.bars.empty()) continue;
    o << "<figure>\n<figcaption>" << esc(c.title) << "</figcaption>\n" << svg_bar_chart(c) << "</figure>\n";
  }
  o << "</section>\n";
}

void figure_charts(std::ostringstream& o, const FleetReport& r, size_t& charts) {
  o << "<section id=\"figures\">\n<h2>Figures by group</h2>\n";
  if (r.figure_names.empty()) o << "<p>No key figures in these documents.</p>\n";
  for (const auto& name : r.figure_names) {
    BarChart c;
    c.id = chart_id("figure", charts++);
    bool higher = true;
    for (const auto& g : r.groups)
      if (const auto* f = g.figure(name)) {
        c.unit = f->unit;
        higher = f->higher_is_better;
        Bar b = bar_of(g.label, f->spread);
        if (f->healthy) {
          b.reference = f->healthy;
          b.reference_text = "a healthy card of this group's model (its baseline): " + fmt_figure(*f->healthy) + " " + f->unit;
        }
        c.bars.push_back(std::move(b));
      }
    c.title = name + " by group (" + (higher ? "higher" : "lower") + " is better)";
    c.axis_label = c.unit + " (median; whiskers min-max)";
    o << "<figure>\n<figcaption>" << esc(c.title) << "</figcaption>\n" << svg_bar_chart(c) << "</figure>\n";
  }
  o << "</section>\n";
}

void scatter_section(std::ostringstream& o, const FleetReport& r, const std::vector<RunDigest>& runs, size_t& charts) {
  // Throughput a run delivers against its price: the first figure with priced data.
  struct Perf {
    const char* name;
    const char* y_label;
    std::optional<double> RunCost::*field;
  };
  for (const Perf p : {Perf{"dense BF16 GEMM", "dense BF16 TFLOP/s (sum over GPUs)", &RunCost::bf16_tflops},
                       Perf{"memory bandwidth", "hbm/copy GB/s (sum over GPUs)", &RunCost::hbm_gbs}}) {
    XYChart c;
    c.id = chart_id("scatter", charts++);
    std::set<std::string> currencies;
    size_t points = 0;
    // One colour per provider when the groups are keyed by it (a fleet compared across clouds reads
    // by provider first), else one per group.
    const auto provider_key = std::find(r.group_by.begin(), r.group_by.end(), "provider");
    const bool by_provider = provider_key != r.group_by.end();
    const std::size_t provider_at = static_cast<std::size_t>(provider_key - r.group_by.begin());
    for (const auto& g : r.groups) {
      const std::string series = by_provider && provider_at < g.key_values.size() ? g.key_values[provider_at] : g.label;
      auto named = std::find_if(c.series.begin(), c.series.end(), [&](const Series& x) { return x.name == series; });
      if (named == c.series.end()) named = c.series.insert(c.series.end(), Series{series, {}});
      Series& s = *named;
      for (size_t i : g.runs) {
        const auto& cost = runs[i].cost;
        if (!cost || !(*cost.*(p.field))) continue;
        currencies.insert(cost->currency);
        const double y = *(*cost.*(p.field));
        s.points.push_back({cost->price_per_hour, y,
                            g.label + " - " + runs[i].path + ": " + fmt_money(cost->price_per_hour, cost->currency) +
                                "/h, " + fmt_figure(y) + " " + p.y_label});
        ++points;
      }
    }
    if (points == 0) continue;
    std::string cur;
    for (const auto& x : currencies) cur += (cur.empty() ? "" : "/") + x;
    c.title = "Price against " + std::string(p.name) + " throughput, one point per run";
    c.x_label = "price per hour (" + cur + ")";
    c.y_label = p.y_label;
    o << "<section id=\"price-performance\">\n<h2>Price vs performance</h2>\n<p>Up and to the left is better: more "
         "throughput for less money. Each point is one run, coloured by "
      << (by_provider ? "provider" : "group") << ".</p>\n<figure>\n<figcaption>" << esc(c.title) << "</figcaption>\n" << svg_scatter(c) << "</figure>\n</section>\n";
    return;
  }
}

void soak_section(std::ostringstream& o, const FleetReport& r, const std::vector<RunDigest>& runs,
                  const HtmlOptions& opt, size_t& charts) {
  std::vector<std::pair<const Group*, size_t>> soak_runs;
  for (const auto& g : r.groups)
    for (size_t i : g.runs)
      if (runs[i].has_soak) soak_runs.push_back({&g, i});
  if (soak_runs.empty()) return;
  o << "<section id=\"soak\">\n<h2>Soak timelines</h2>\n<p>Throughput, clocks, power and temperature over a long run; "
       "a triangle on the time axis marks where a clock-event reason (throttling) began.</p>\n";
  if (soak_runs.size() > opt.max_soak_runs)
    o << "<p class=\"note\">" << soak_runs.size() << " runs have a soak timeline; the first " << opt.max_soak_runs
      << " are drawn.</p>\n";
  for (size_t k = 0; k < soak_runs.size() && k < opt.max_soak_runs; ++k) {
    const auto& [g, i] = soak_runs[k];
    if (!runs[i].soak) continue;  // not kept (keep_soak): only the drawn ones are
    const SoakRecord& rec = *runs[i].soak;
    o << "<h3>" << esc(g->label) << " &mdash; " << esc(runs[i].path) << "</h3>\n";
    if (!rec.workload.empty()) o << "<p>Workload: " << esc(rec.workload) << "</p>\n";
    std::vector<Marker> markers;
    for (const auto& sg : rec.gpus) {
      if (sg.decay && !sg.decay->summary.empty())
        o << "<p>GPU " << sg.gpu << ": <strong>" << esc(sg.decay->verdict) << "</strong> &mdash; "
          << esc(sg.decay->summary) << "</p>\n";
      if (!sg.error.empty()) o << "<p>GPU " << sg.gpu << " stopped: " << esc(sg.error) << "</p>\n";
      add_reason_markers(sg.gpu, sg.points, markers);
    }
    for (const auto& m : soak_metrics()) {
      XYChart c;
      c.id = chart_id("soak", charts++);
      c.title = std::string(m.label) + " over time (" + m.unit + ")";
      c.x_label = "time since start (s)";
      c.y_label = std::string(m.label) + " (" + m.unit + ")";
      // From zero, every one: a 2% memory dip on an axis from 3,300 to 3,400 looked like a 16% GEMM drop.
      c.y_from_zero = true;
      size_t points = 0;
      for (const auto& sg : rec.gpus) {
        Series s{"GPU " + std::to_string(sg.gpu), {}};
        for (const auto& p : sg.points)
          if (const auto v = p.*(m.field)) s.points.push_back({p.t_s, *v, ""});
        points += s.points.size();
        c.series.push_back(std::move(s));
      }
      if (points == 0) continue;
      c.markers = markers;
      o << "<figure>\n<figcaption>" << esc(c.title) << "</figcaption>\n" << svg_line_chart(c) << "</figure>\n";
    }
  }
  o << "</section>\n";
}

// `gpuaudit watch` documents: the job, what the watch concluded, and its timelines on one time axis.
void watch_section(std::ostringstream& o, const FleetReport& r, const std::vector<RunDigest>& runs,
                   const HtmlOptions& opt, size_t& charts) {
  std::vector<std::pair<const Group*, size_t>> watched;
  for (const auto& g : r.groups)
    for (size_t i : g.runs)
      if (runs[i].has_watch) watched.push_back({&g, i});
  if (watched.empty()) return;
  o << "<section id=\"watch\">\n<h2>Watched jobs</h2>\n<p>Your own job under <code>gpuaudit watch</code>: the GPUs, "
       "the host and the job's rate on one time axis; a triangle on the time axis marks where a clock-event reason "
       "(throttling) began.</p>\n";
  if (watched.size() > opt.max_soak_runs)
    o << "<p class=\"note\">" << watched.size() << " runs watched a job; the first " << opt.max_soak_runs
      << " are drawn.</p>\n";
  for (size_t k = 0; k < watched.size() && k < opt.max_soak_runs; ++k) {
    const auto& [g, i] = watched[k];
    if (!runs[i].watch) continue;  // not kept: only the drawn ones are
    const WatchRecord& w = *runs[i].watch;
    o << "<h3>" << esc(g->label) << " &mdash; " << esc(runs[i].path) << "</h3>\n<p>Job: <code>" << esc(join(w.command, " "))
      << "</code>, " << fmt_num(w.elapsed_s, 0) << " s"
      << (w.exit_code ? ", exit " + std::to_string(*w.exit_code) : std::string()) << "</p>\n";
    if (!w.diagnoses.empty()) {
      o << "<ul>\n";
      for (const auto& d : w.diagnoses) o << "<li><strong>" << esc(d.id) << "</strong>: " << esc(d.summary) << "</li>\n";
      o << "</ul>\n";
    }
    for (const XYChart& c : watch_charts(w, charts)) {
      ++charts;
      o << "<figure>\n<figcaption>" << esc(c.title) << "</figcaption>\n" << svg_line_chart(c) << "</figure>\n";
    }
  }
  o << "</section>\n";
}

void documents_section(std::ostringstream& o, const FleetReport& r, const std::vector<RunDigest>& runs) {
  o << "<section id=\"documents\">\n<h2>Documents</h2>\n";
  for (const auto& g : r.groups) {
    o << "<details><summary>" << esc(g.label) << ": " << g.runs.size() << " document"
      << (g.runs.size() == 1 ? "" : "s") << "</summary>\n<ul>\n";
    for (size_t i : g.runs) {
      const auto& d = runs[i];
      o << "<li>" << esc(d.path) << " (" << esc(d.created_utc.empty() ? "no date" : d.created_utc);
      if (d.synthetic) o << ", synthetic";
      if (!d.headline.empty()) o << ") &mdash; " << esc(d.headline);
      else o << ")";
      o << "</li>\n";
    }
    o << "</ul></details>\n";
  }
  o << "</section>\n";
}

}  // namespace

std::string fleet_html(const FleetReport& r, const std::vector<LoadedRun>& runs, const HtmlOptions& opt) {
  return fleet_html(r, digest_runs(runs, r.group_by), opt);
}

std::string fleet_html(const FleetReport& r, const std::vector<RunDigest>& runs, const HtmlOptions& opt) {
  std::ostringstream o;
  const std::string by = join(r.group_by);
  o << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
    << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    << "<meta name=\"generator\" content=\"gpuaudit " << esc(GPUAUDIT_VERSION) << "\">\n"
    << "<title>gpuaudit report: " << r.run_count << " runs, " << r.groups.size() << " groups</title>\n<style>" << kCss
    << "</style>\n</head>\n<body>\n<header>\n<h1>gpuaudit report</h1>\n<p class=\"lede\">" << r.run_count << " run"
    << (r.run_count == 1 ? "" : "s") << " in " << r.groups.size() << " group" << (r.groups.size() == 1 ? "" : "s");
  if (!by.empty()) o << ", grouped by " << esc(by);
  o << ".</p>\n";
  if (r.synthetic)
    o << "<p class=\"note\">" << r.synthetic << " of these documents are <strong>synthetic</strong>: they were not "
      << "measured on a real card.</p>\n";
  o << "</header>\n<main>\n";
  size_t charts = 0;
  provider_table(o, r);
  group_table(o, r);
  findings_table(o, r);
  cost_section(o, r, charts);
  figure_charts(o, r, charts);
  scatter_section(o, r, runs, charts);
  soak_section(o, r, runs, opt, charts);
  watch_section(o, r, runs, opt, charts);
  documents_section(o, r, runs);
  o << "</main>\n<footer>Made by gpuaudit " << esc(GPUAUDIT_VERSION);
  if (!opt.generated_utc.empty()) o << " at " << esc(opt.generated_utc);
  o << ". One self-contained file: no scripts, no network.</footer>\n</body>\n</html>\n";
  return o.str();
}

}  // namespace gpuaudit
