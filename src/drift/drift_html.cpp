#include "drift/drift_html.hpp"

#include "drift/security_floors.hpp"
#include "text/escape.hpp"
#include "text/format.hpp"

#include <map>
#include <set>
#include <sstream>

namespace gpuaudit {

namespace {

constexpr const char* kCss =
    "body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem;color:#1b1f24;background:#fff}"
    "h1{font-size:1.3rem;margin:0 0 .3rem}.lede{margin:.2rem 0 1rem}"
    ".pass{color:#1a7f37;font-weight:600}.fail{color:#cf222e;font-weight:600}"
    ".scroll{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0 1rem}"
    "th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}"
    "th{background:#f6f8fa}td.same{color:#8c959f}"
    "td.performance,td.security{background:#ffebe9}td.environment{background:#fff8c5}td.info{background:#f6f8fa}"
    ".exp{display:block;font-size:.85em;color:#57606a}"
    "@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}"
    "th,td{border-color:#30363d}td.performance,td.security{background:#3d1418}td.environment{background:#3b2e00}"
    "td.info{background:#161b22}.exp{color:#9198a1}}";

// node -> field -> its odd cell
using Matrix = std::map<std::string, std::map<std::string, const DriftCell*>>;

void matrix_table(std::ostringstream& o, const DriftReport& r) {
  Matrix m;
  std::set<std::string> fields;
  std::map<std::string, std::string> group_of;
  for (const auto& c : r.odd) {
    m[c.node][c.field] = &c;
    fields.insert(c.field);
    group_of[c.node] = c.group;
  }
  o << "<div class=\"scroll\"><table>\n<thead><tr><th>node</th><th>group</th>";
  for (const auto& f : fields) o << "<th>" << xml_escape(f) << "</th>";
  o << "</tr></thead>\n<tbody>\n";
  for (const auto& [node, cells] : m) {
    o << "<tr><th>" << xml_escape(node) << "</th><td>" << xml_escape(group_of[node]) << "</td>";
    for (const auto& f : fields) {
      const auto it = cells.find(f);
      if (it == cells.end()) {
        o << "<td class=\"same\">as expected</td>";
        continue;
      }
      const DriftCell& c = *it->second;
      o << "<td class=\"" << xml_escape(c.klass) << "\" title=\"" << xml_escape(c.klass) << "\">" << xml_escape(c.value)
        << "<span class=\"exp\">expected " << xml_escape(c.golden) << " (" << xml_escape(c.basis) << ")</span></td>";
    }
    o << "</tr>\n";
  }
  o << "</tbody></table></div>\n";
}

}  // namespace

std::string drift_html(const DriftReport& r) {
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
    << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    << "<title>gpuaudit drift: " << plural(r.nodes, "node", "nodes") << "</title>\n<style>" << kCss
    << "</style>\n</head>\n<body>\n<h1>gpuaudit drift: <span class=\"" << (r.fails() ? "fail\">FAIL" : "pass\">pass")
    << "</span></h1>\n<p class=\"lede\">" << xml_escape(drift_summary(r)) << "</p>\n";
  if (r.odd.empty()) o << "<p>Every node of each group has the expected value of every field compared.</p>\n";
  else matrix_table(o, r);
  if (!r.ties.empty()) {
    o << "<h2>No majority</h2>\n<ul>\n";
    for (const auto& t : r.ties) {
      o << "<li><strong>" << xml_escape(t.field) << "</strong> in " << xml_escape(t.group) << ":";
      for (const auto& [value, n] : t.values) o << " " << xml_escape(value) << " on " << plural(n, "node", "nodes") << ";";
      o << " give the expected value with <code>--golden</code></li>\n";
    }
    o << "</ul>\n";
  }
  if (r.security_judged > 0) {
    const SecurityBulletin& b = security_bulletin();
    o << "<p>Security floors: <a href=\"" << xml_escape(b.url) << "\">" << xml_escape(b.title) << "</a> (" << xml_escape(b.date)
      << ").</p>\n";
  }
  o << "<p class=\"exp\">Fields, classes and rules: docs/drift.md. Performance and security cells fail the gate (exit 1); "
       "environment and info cells are said.</p>\n</body>\n</html>\n";
  return o.str();
}

}  // namespace gpuaudit
