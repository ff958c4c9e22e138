#include "report/svg_chart.hpp"

#include "report/chart_label.hpp"
#include "text/escape.hpp"
#include "text/figure_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>

namespace gpuaudit {

namespace {

std::string num(double v) {  // a coordinate: short, locale-free
  if (!std::isfinite(v)) v = 0;  // never "nan" in an attribute
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

std::string tick_text(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", std::fabs(v) < 1e-12 ? 0.0 : v);
  return b;
}

// A label of one or more lines (chart_label.hpp) as one <text>: each line a <tspan> under the first.
std::string label_text(const std::vector<std::string>& lines, int x, double y, const char* anchor, int font, int line_h) {
  std::ostringstream o;
  o << "<text x=\"" << x << "\" y=\"" << num(y) << "\" text-anchor=\"" << anchor << "\" font-size=\"" << font << "\">";
  for (size_t i = 0; i < lines.size(); ++i)
    o << "<tspan x=\"" << x << "\" dy=\"" << (i == 0 ? 0 : line_h) << "\">" << xml_escape(lines[i]) << "</tspan>";
  o << "</text>";
  return o.str();
}

std::string open_svg(const std::string& id, const std::string& title, const std::string& desc, int w, int h) {
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"" << xml_escape(title)
    << "\" aria-describedby=\"" << xml_escape(id) << "-desc\" viewBox=\"0 0 " << w << " " << h << "\" width=\"" << w
    << "\" height=\"" << h << "\">\n<title id=\"" << xml_escape(id) << "-title\">" << xml_escape(title)
    << "</title>\n<desc id=\"" << xml_escape(id) << "-desc\">" << xml_escape(desc) << "</desc>\n";
  return o.str();
}

// Ticks of a domain that nice_ticks already rounded: a second rounding may pick another step and
// put a tick outside the plot, so keep only those inside.
std::vector<double> ticks_in(double lo, double hi) {
  std::vector<double> t;
  const double eps = (hi / 2 - lo / 2) * 2e-9;  // hi - lo may overflow
  for (double v : nice_ticks(lo, hi))
    if (v >= lo - eps && v <= hi + eps) t.push_back(v);
  return t;
}

// Halves before differences: a domain from -DBL_MAX to DBL_MAX has a width no double holds.
struct Scale {
  double d0, d1, r0, r1;
  double operator()(double v) const {
    return d1 == d0 ? r0 : r0 + (v / 2 - d0 / 2) / (d1 / 2 - d0 / 2) * (r1 - r0);
  }
};

constexpr double kMaxDouble = std::numeric_limits<double>::max();

// The rounded [low, high] of an axis over the finite values `v`; nullopt when no ticks can be
// computed in doubles (values that differ by less than the doubles near them resolve, or whose
// step underflows): the chart is then not drawn, and says so.
std::optional<std::pair<double, double>> domain(const std::vector<double>& v, bool from_zero) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const double x : v)
    if (std::isfinite(x)) lo = std::min(lo, x), hi = std::max(hi, x);
  if (lo > hi) return std::pair{0.0, 1.0};  // nothing to show: an empty frame
  double a = from_zero ? std::min(0.0, lo) : lo, b = hi;
  if (a == b) {  // one value: a tenth of it either side
    a = a == 0 ? 0 : std::max(-kMaxDouble, a - std::fabs(a) * 0.1);
    b = b == 0 ? 1 : std::min(kMaxDouble, b + std::fabs(b) * 0.1);
    if (!(b > a)) a -= 1, b += 1;  // a denormal: its tenth is 0
  }
  const auto t = nice_ticks(a, b);
  if (t.empty()) return std::nullopt;
  return std::pair{t.front(), t.back()};
}

// In place of a chart whose values the chart's arithmetic cannot place.
std::string not_drawn(const std::string& title) {
  return "<p class=\"chart-not-drawn\">Chart not drawn: the values of " + xml_escape(title) +
         " are too far apart or too close together to place on an axis (see the table).</p>\n";
}

std::string xy_desc(const XYChart& c, bool lines) {
  std::ostringstream d;
  d << (lines ? "Line chart" : "Scatter plot") << " of " << c.y_label << " against " << c.x_label << ". ";
  size_t shown = 0;
  for (const auto& s : c.series) {
    if (shown++ == 12) {
      d << "And " << c.series.size() - 12 << " more series.";
      break;
    }
    if (s.points.empty()) continue;
    double ymin = s.points[0].y, ymax = ymin;
    for (const auto& p : s.points) {
      ymin = std::min(ymin, p.y);
      ymax = std::max(ymax, p.y);
    }
    d << s.name << ": " << s.points.size() << " point" << (s.points.size() == 1 ? "" : "s") << ", " << c.y_label
      << " from " << fmt_figure(ymin) << " to " << fmt_figure(ymax) << ". ";
  }
  if (!c.markers.empty()) d << c.markers.size() << " marked events. ";
  return d.str();
}

// Axes, grid and tick labels of an x-y plot; returns the scales (nullopt, nothing written, when
// the values cannot be placed).
std::optional<std::pair<Scale, Scale>> xy_frame(std::ostringstream& o, const XYChart& c, int left, int top, int pw, int ph) {
  std::vector<double> xs, ys;
  for (const auto& s : c.series)
    for (const auto& p : s.points) {
      xs.push_back(p.x);
      ys.push_back(p.y);
    }
  for (const auto& m : c.markers) xs.push_back(m.x);
  const auto xd = domain(xs, c.x_from_zero), yd = domain(ys, c.y_from_zero);
  if (!xd || !yd) return std::nullopt;
  const auto [x0, x1] = *xd;
  const auto [y0, y1] = *yd;
  const Scale sx{x0, x1, static_cast<double>(left), static_cast<double>(left + pw)};
  const Scale sy{y0, y1, static_cast<double>(top + ph), static_cast<double>(top)};
  o << "<g class=\"grid\" stroke=\"#e2e2e2\" stroke-width=\"1\">\n";
  for (double t : ticks_in(x0, x1))
    o << "<line x1=\"" << num(sx(t)) << "\" x2=\"" << num(sx(t)) << "\" y1=\"" << top << "\" y2=\"" << top + ph << "\"/>";
  for (double t : ticks_in(y0, y1))
    o << "<line x1=\"" << left << "\" x2=\"" << left + pw << "\" y1=\"" << num(sy(t)) << "\" y2=\"" << num(sy(t)) << "\"/>";
  o << "\n</g>\n<g class=\"axis\" font-size=\"11\">\n";
  o << "<line x1=\"" << left << "\" x2=\"" << left + pw << "\" y1=\"" << top + ph << "\" y2=\"" << top + ph
    << "\" stroke=\"#555\"/><line x1=\"" << left << "\" x2=\"" << left << "\" y1=\"" << top << "\" y2=\"" << top + ph
    << "\" stroke=\"#555\"/>\n";
  for (double t : ticks_in(x0, x1))
    o << "<text x=\"" << num(sx(t)) << "\" y=\"" << top + ph + 16 << "\" text-anchor=\"middle\">" << tick_text(t) << "</text>";
  for (double t : ticks_in(y0, y1))
    o << "<text x=\"" << left - 6 << "\" y=\"" << num(sy(t) + 4) << "\" text-anchor=\"end\">" << tick_text(t) << "</text>";
  o << "\n<text x=\"" << left + pw / 2 << "\" y=\"" << top + ph + 36 << "\" text-anchor=\"middle\" font-size=\"12\">"
    << xml_escape(c.x_label) << "</text>\n";
  o << "<text transform=\"translate(16 " << top + ph / 2 << ") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">"
    << xml_escape(c.y_label) << "</text>\n</g>\n";
  return std::pair{sx, sy};
}

// Legend under the plot: as many columns (3, 2 or 1) as let the longest name show whole, at about
// 6.5 px per character of 11 px text; a name longer than one column still is fitted (fit_label).
struct LegendLayout {
  int columns = 3;
  size_t max_chars = 30;
};
LegendLayout legend_layout(const std::vector<Series>& series, int width) {
  size_t longest = 0;
  for (const auto& s : series) longest = std::max(longest, label_width(s.name));
  LegendLayout l;
  for (int cols : {3, 2, 1}) {
    l.columns = cols;
    l.max_chars = static_cast<size_t>(std::max(8.0, (width / cols - 28) / 6.5));
    if (longest <= l.max_chars) break;
  }
  return l;
}

int legend_height(const std::vector<Series>& series, int width) {
  if (series.size() <= 1) return 0;
  const auto l = legend_layout(series, width);
  return 10 + 18 * static_cast<int>((series.size() + l.columns - 1) / l.columns);
}

void legend(std::ostringstream& o, const std::vector<Series>& series, int left, int top, int width, bool lines) {
  if (series.size() <= 1) return;
  const auto l = legend_layout(series, width);
  const int col = width / l.columns;
  o << "<g class=\"legend\" font-size=\"11\">\n";
  for (size_t i = 0; i < series.size(); ++i) {
    const int x = left + static_cast<int>(i % l.columns) * col, y = top + 10 + static_cast<int>(i / l.columns) * 18;
    if (lines)
      o << "<line x1=\"" << x << "\" x2=\"" << x + 14 << "\" y1=\"" << y + 5 << "\" y2=\"" << y + 5 << "\" stroke=\""
        << series_color(i) << "\" stroke-width=\"2.5\"/>";
    else
      o << "<circle cx=\"" << x + 7 << "\" cy=\"" << y + 5 << "\" r=\"5\" fill=\"" << series_color(i) << "\"/>";
    o << "<g><title>" << xml_escape(series[i].name) << "</title>"
      << label_text(fit_label(series[i].name, l.max_chars, 1), x + 20, y + 9, "start", 11, 13) << "</g>\n";
  }
  o << "</g>\n";
}

}  // namespace

const char* series_color(size_t i) {
  static const char* palette[] = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#8C8C8C"};
  return palette[i % (sizeof palette / sizeof palette[0])];
}

std::vector<double> nice_ticks(double lo, double hi, int target) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) return {};
  const double rough = (hi / 2 - lo / 2) / std::max(1, target) * 2;  // hi - lo may overflow
  if (!std::isfinite(rough) || !std::isnormal(rough)) return {};
  const double mag = std::pow(10.0, std::floor(std::log10(rough)));
  if (!std::isnormal(mag)) return {};
  const double r = rough / mag;
  const double step = (r <= 1 ? 1 : r <= 2 ? 2 : r <= 2.5 ? 2.5 : r <= 5 ? 5 : 10) * mag;
  if (!std::isfinite(step)) return {};
  // Rounded outwards, but never past the largest double (a domain that reaches it ends there).
  double v = std::max(-kMaxDouble, std::floor(lo / step + 1e-9) * step);
  std::vector<double> t;
  while (t.size() < 50) {
    t.push_back(std::fabs(v) < step * 1e-9 ? 0 : v);
    if (v >= hi - step * 1e-9) return t;
    const double next = std::min(kMaxDouble, v + step);
    if (!(next > v)) return {};  // the step is below the doubles' resolution here
    v = next;
  }
  return t;
}

std::string svg_bar_chart(const BarChart& c) {
  // Labels get the left third; a label that does not fit on one line takes two (chart_label.hpp),
  // and then every row is as tall, so the bars keep one rhythm.
  const int width = kChartWidth, left = 380, right = 110, top = 8, bar_h = 16;
  const size_t label_chars = (left - 16) * 10 / 66;  // about 6.6 px per character of 12 px text
  std::vector<std::vector<std::string>> labels;
  bool two_lines = false;
  bool any_reference = false;
  for (const auto& b : c.bars) {
    labels.push_back(fit_label(b.label, label_chars, 2));
    two_lines |= labels.back().size() > 1;
    any_reference |= b.reference.has_value();
  }
  const int row = two_lines ? 38 : 26;
  const int plot_w = width - left - right;
  const int plot_h = row * static_cast<int>(c.bars.size());
  const int height = top + plot_h + 46 + (any_reference ? 22 : 0);

  std::ostringstream d;
  d << "Horizontal bar chart: " << c.title << ", one bar per group, the median with a whisker from the lowest to "
    << "the highest value";
  if (any_reference) d << "; a dashed mark on a bar is what a " << c.reference_label;
  d << ". ";
  for (size_t i = 0; i < c.bars.size() && i < 25; ++i) {
    const auto& b = c.bars[i];
    d << b.label << ": " << fmt_figure(b.value) << " " << c.unit << " (min " << fmt_figure(b.lo) << ", max "
      << fmt_figure(b.hi) << ", " << b.n << " value" << (b.n == 1 ? "" : "s");
    if (b.reference) d << "; healthy " << fmt_figure(*b.reference);
    d << "). ";
  }
  if (c.bars.size() > 25) d << "And " << c.bars.size() - 25 << " more groups.";

  std::vector<double> extent{0};
  for (const auto& b : c.bars) {
    extent.insert(extent.end(), {b.value, b.hi, b.lo});
    if (b.reference) extent.push_back(*b.reference);
  }
  const auto xd = domain(extent, true);
  if (!xd) return not_drawn(c.title);
  const auto [x0, x1] = *xd;
  const Scale sx{x0, x1, static_cast<double>(left), static_cast<double>(left + plot_w)};

  std::ostringstream o;
  o << open_svg(c.id, c.title, d.str(), width, height);
  o << "<g class=\"grid\" stroke=\"#e2e2e2\">";
  for (double t : ticks_in(x0, x1))
    o << "<line x1=\"" << num(sx(t)) << "\" x2=\"" << num(sx(t)) << "\" y1=\"" << top << "\" y2=\"" << top + plot_h << "\"/>";
  o << "</g>\n";
  for (size_t i = 0; i < c.bars.size(); ++i) {
    const auto& b = c.bars[i];
    const int y = top + static_cast<int>(i) * row;
    const double cy = y + row / 2.0;
    o << "<g><title>" << xml_escape(b.label) << ": " << fmt_figure(b.value) << " " << xml_escape(c.unit) << " (min "
      << fmt_figure(b.lo) << ", max " << fmt_figure(b.hi) << ", n=" << b.n << ")</title>\n";
    const double first_line = labels[i].size() > 1 ? cy - 3 : cy + 4;
    o << label_text(labels[i], left - 8, first_line, "end", 12, 14) << "\n";
    o << "<rect x=\"" << num(sx(0)) << "\" y=\"" << num(cy - bar_h / 2.0) << "\" width=\""
      << num(std::max(0.0, sx(b.value) - sx(0))) << "\" height=\"" << bar_h << "\" fill=\"" << series_color(0)
      << "\" fill-opacity=\"0.85\"/>\n";
    if (b.hi > b.lo)
      o << "<path d=\"M" << num(sx(b.lo)) << " " << num(cy) << "H" << num(sx(b.hi)) << "M" << num(sx(b.lo)) << " "
        << num(cy - 6) << "V" << num(cy + 6) << "M" << num(sx(b.hi)) << " " << num(cy - 6) << "V" << num(cy + 6)
        << "\" stroke=\"#222\" stroke-width=\"1.5\" fill=\"none\"/>\n";
    double value_x = sx(std::max(b.value, b.hi)) + 6;
    o << "</g>\n";
    if (b.reference) {
      o << "<path class=\"reference\" d=\"M" << num(sx(*b.reference)) << " " << num(cy - 12) << "V" << num(cy + 12)
        << "\" stroke=\"#D55E00\" stroke-width=\"2.5\" stroke-dasharray=\"4 2\"><title>"
        << xml_escape(b.reference_text.empty() ? c.reference_label + ": " + fmt_figure(*b.reference) : b.reference_text)
        << "</title></path>\n";
      value_x = std::max(value_x, sx(*b.reference) + 6);
    }
    o << "<text x=\"" << num(value_x) << "\" y=\"" << num(cy + 4) << "\" font-size=\"12\">" << fmt_figure(b.value)
      << "</text>\n";
  }
  o << "<g class=\"axis\" font-size=\"11\"><line x1=\"" << left << "\" x2=\"" << left + plot_w << "\" y1=\""
    << top + plot_h << "\" y2=\"" << top + plot_h << "\" stroke=\"#555\"/>";
  for (double t : ticks_in(x0, x1))
    o << "<text x=\"" << num(sx(t)) << "\" y=\"" << top + plot_h + 16 << "\" text-anchor=\"middle\">" << tick_text(t)
      << "</text>";
  o << "\n<text x=\"" << left + plot_w / 2 << "\" y=\"" << top + plot_h + 38
    << "\" text-anchor=\"middle\" font-size=\"12\">" << xml_escape(c.axis_label) << "</text></g>\n";
  if (any_reference) {
    const int ly = top + plot_h + 56;
    o << "<g class=\"legend\" font-size=\"11\"><path d=\"M" << left << " " << ly - 8 << "V" << ly + 4
      << "\" stroke=\"#D55E00\" stroke-width=\"2.5\" stroke-dasharray=\"4 2\"/><text x=\"" << left + 8 << "\" y=\""
      << ly + 2 << "\">" << xml_escape(c.reference_label) << "</text></g>\n";
  }
  o << "</svg>\n";
  return o.str();
}

namespace {

// An x/y chart (`lines`: a line chart, else a scatter): its frame, what `draw(o, sx, sy, axis_y)`
// puts on the plot (axis_y: the x axis's pixel row), and the series' legend under it.
template <class Draw>
std::string xy_chart(const XYChart& c, int plot_h, bool lines, Draw draw) {
  const int width = kChartWidth, left = 72, right = 24, top = 12;
  const int plot_w = width - left - right;
  const int height = top + plot_h + 48 + legend_height(c.series, plot_w);
  std::ostringstream o;
  o << open_svg(c.id, c.title, xy_desc(c, lines), width, height);
  const auto frame = xy_frame(o, c, left, top, plot_w, plot_h);
  if (!frame) return not_drawn(c.title);
  const auto& [sx, sy] = *frame;
  draw(o, sx, sy, top + plot_h);
  legend(o, c.series, left, top + plot_h + 44, plot_w, lines);
  o << "</svg>\n";
  return o.str();
}

}  // namespace

std::string svg_scatter(const XYChart& c) {
  return xy_chart(c, 340, false, [&](std::ostringstream& o, const Scale& sx, const Scale& sy, int) {
    for (size_t s = 0; s < c.series.size(); ++s) {
      o << "<g fill=\"" << series_color(s) << "\" fill-opacity=\"0.8\" stroke=\"#fff\" stroke-width=\"0.8\">\n";
      for (const auto& p : c.series[s].points)
        o << "<circle cx=\"" << num(sx(p.x)) << "\" cy=\"" << num(sy(p.y)) << "\" r=\"4.5\"><title>"
          << xml_escape(p.label) << "</title></circle>\n";
      o << "</g>\n";
    }
  });
}

std::string svg_line_chart(const XYChart& c) {
  return xy_chart(c, 200, true, [&](std::ostringstream& o, const Scale& sx, const Scale& sy, int axis_y) {
    for (size_t s = 0; s < c.series.size(); ++s) {
      const auto& pts = c.series[s].points;
      if (pts.empty()) continue;
      o << "<polyline fill=\"none\" stroke=\"" << series_color(s) << "\" stroke-width=\"1.8\" points=\"";
      for (const auto& p : pts) o << num(sx(p.x)) << "," << num(sy(p.y)) << " ";
      o << "\"><title>" << xml_escape(c.series[s].name) << "</title></polyline>\n";
    }
    if (!c.markers.empty()) {
      o << "<g class=\"markers\" fill=\"#D55E00\">\n";
      for (const auto& m : c.markers) {
        const double x = sx(m.x), y = axis_y - 9;  // a small triangle standing on the x axis
        o << "<path d=\"M" << num(x) << " " << num(y) << "l-4 7h8z\"><title>" << xml_escape(m.text) << "</title></path>\n";
      }
      o << "</g>\n";
    }
  });
}

}  // namespace gpuaudit
