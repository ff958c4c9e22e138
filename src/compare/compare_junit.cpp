// JUnit XML as Jenkins, GitLab and GitHub test reporters read it: one <testcase> per figure,
// <failure> for a regression (or a benchmark that failed), <skipped> for a figure the new run
// lacks. The software differences go into <properties>, where a reader of a failure finds them.
#include "compare/compare_render.hpp"

#include "text/escape.hpp"
#include "text/figure_format.hpp"

#include <sstream>

namespace gpuaudit {

namespace {

std::string attr(const std::string& s) { return "\"" + xml_escape(s) + "\""; }

std::string family(const std::string& name) {
  const auto slash = name.find('/');
  return slash == std::string::npos ? name : name.substr(0, slash);
}

}  // namespace

std::string compare_junit(const Comparison& c) {
  int failures = 0, skipped = 0;
  for (const auto& f : c.figures) {
    failures += f.is_regression();
    skipped += f.outcome == "missing" || f.outcome == "skipped";
  }
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o << "<testsuites name=\"gpuaudit compare\" tests=\"" << c.figures.size() << "\" failures=\"" << failures
    << "\" errors=\"0\" skipped=\"" << skipped << "\" time=\"0\">\n";
  o << "  <testsuite name=\"gpuaudit compare\" tests=\"" << c.figures.size() << "\" failures=\"" << failures
    << "\" errors=\"0\" skipped=\"" << skipped << "\" time=\"0\"";
  if (!c.new_created_utc.empty()) o << " timestamp=" << attr(c.new_created_utc);
  o << ">\n    <properties>\n";
  auto prop = [&](const std::string& name, const std::string& value) {
    o << "      <property name=" << attr(name) << " value=" << attr(value) << "/>\n";
  };
  prop("base", c.base_names.size() == 1 ? c.base_names[0]
                                        : std::to_string(c.base_names.size()) + " runs, latest " + c.base_names.back());
  prop("new", c.new_name);
  prop("hardware", c.new_hardware);
  prop("tolerance", c.tolerance_text);
  for (const auto& d : c.hardware_differences) prop("hardware changed: " + d.what, d.base + " -> " + d.next);
  for (const auto& d : c.software_differences) prop("software changed: " + d.what, d.base + " -> " + d.next);
  o << "    </properties>\n";
  for (const auto& f : c.figures) {
    const std::string summary = f.label() + ": " + fmt_figure(f.base_value) + " -> " + fmt_figure(f.new_value) + " " +
                                f.unit + " (" + f.outcome + "; " + f.reason + ")";
    o << "    <testcase classname=" << attr("gpuaudit." + family(f.name)) << " name=" << attr(f.label())
      << " time=\"0\">\n";
    if (f.is_regression())
      o << "      <failure type=" << attr(f.outcome) << " message=" << attr(summary) << ">" << xml_escape(summary)
        << "</failure>\n";
    else if (f.outcome == "missing" || f.outcome == "skipped")
      o << "      <skipped message=" << attr(summary) << "/>\n";
    o << "      <system-out>" << xml_escape(summary) << "</system-out>\n";
    o << "    </testcase>\n";
  }
  o << "  </testsuite>\n</testsuites>\n";
  return o.str();
}

}  // namespace gpuaudit
