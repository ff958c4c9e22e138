#include "drift/drift_markdown.hpp"

#include "drift/security_floors.hpp"
#include "text/escape.hpp"
#include "text/format.hpp"

#include <sstream>

namespace gpuaudit {

std::string drift_markdown(const DriftReport& r) {
  std::ostringstream o;
  o << "### gpuaudit drift: " << (r.fails() ? "FAIL" : "pass") << "\n\n" << drift_summary(r) << "\n";
  if (!r.odd.empty()) {
    o << "\n| node | group | field | value | expected | from | class |\n|---|---|---|---|---|---|---|\n";
    for (const auto& c : r.odd)
      o << "| " << markdown_escape(c.node) << " | " << markdown_escape(c.group) << " | " << markdown_escape(c.field) << " | "
        << markdown_escape(c.value) << " | " << markdown_escape(c.golden) << " | " << markdown_escape(c.basis) << " | "
        << c.klass << " |\n";
  }
  for (const auto& t : r.ties) {
    o << "\n- no majority for **" << markdown_escape(t.field) << "** in " << markdown_escape(t.group) << ":";
    for (const auto& [value, n] : t.values) o << " " << markdown_escape(value) << " on " << plural(n, "node", "nodes") << ";";
    o << " give the expected value with `--golden`\n";
  }
  if (r.security_judged > 0) {
    const SecurityBulletin& b = security_bulletin();
    o << "\nSecurity floors: [" << b.title << "](" << b.url << ") (" << b.date << ").\n";
  }
  return o.str();
}

}  // namespace gpuaudit
