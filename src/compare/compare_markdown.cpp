// Markdown for `$GITHUB_STEP_SUMMARY`: a heading that says the result, what changed in the
// software, then one table row per figure, regressions first.
#include "compare/compare_render.hpp"

#include "text/escape.hpp"
#include "text/figure_format.hpp"
#include "text/format.hpp"

#include <algorithm>
#include <sstream>

namespace gpuaudit {

namespace {

int outcome_rank(const std::string& o) {
  if (o == "regressed" || o == "failed") return 0;
  if (o == "improved") return 1;
  if (o == "missing" || o == "skipped") return 2;
  return 3;
}

std::string code(const std::string& s) { return "<code>" + xml_escape(s) + "</code>"; }

}  // namespace

std::string compare_markdown(const Comparison& c) {
  std::ostringstream o;
  o << "## gpuaudit compare: " << (c.has_regression() ? "regression" : "no regression") << "\n\n";
  o << outcome_counts(c) << " (tolerance " << markdown_escape(c.tolerance_text) << ", alpha "
    << fmt_alpha(c.alpha) << ")\n\n";
  o << "- **Base:** ";
  if (c.base_names.size() == 1) o << code(c.base_names[0]);
  else o << "median of " << c.base_names.size() << " runs, latest " << code(c.base_names.back());
  o << " (" << markdown_escape(c.base_created_utc) << ")\n";
  o << "- **New:** " << code(c.new_name) << " (" << markdown_escape(c.new_created_utc) << ")\n";
  if (c.hardware_differences.empty()) {
    o << "- **Hardware:** " << markdown_escape(c.new_hardware) << " in both\n";
  } else {
    o << "- **Hardware differs** (compared with --allow-different-hardware):";
    for (const auto& d : c.hardware_differences)
      o << " " << markdown_escape(d.what) << " " << markdown_escape(d.base) << " &rarr; " << markdown_escape(d.next) << ";";
    o << "\n";
  }
  if (c.software_differences.empty()) {
    o << "- **Software:** unchanged\n";
  } else {
    o << "- **Software changed:**";
    for (const auto& d : c.software_differences)
      o << " " << markdown_escape(d.what) << " " << markdown_escape(d.base) << " &rarr; " << markdown_escape(d.next) << ";";
    o << "\n";
  }
  o << "\n| figure | base | new | unit | change | p | verdict | why |\n|---|---:|---:|---|---:|---:|---|---|\n";
  std::vector<const FigureComparison*> order;
  for (const auto& f : c.figures) order.push_back(&f);
  std::stable_sort(order.begin(), order.end(),
                   [](const auto* a, const auto* b) { return outcome_rank(a->outcome) < outcome_rank(b->outcome); });
  for (const auto* f : order) {
    const auto& j = f->judgement;
    const std::string verdict = f->is_regression() ? "**" + f->outcome + "**" : f->outcome;
    o << "| " << markdown_escape(f->label()) << " | " << fmt_figure(f->base_value) << " | " << fmt_figure(f->new_value)
      << " | " << markdown_escape(f->unit) << " | " << (j ? markdown_escape(fmt_change_pct(j->change_pct)) : "-")
      << " | " << (j && j->p_value ? markdown_escape(fmt_p_value(*j->p_value)) : "-") << " | " << verdict << " | "
      << markdown_escape(f->reason) << " |\n";
  }
  return o.str();
}

}  // namespace gpuaudit
