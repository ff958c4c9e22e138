// Small, dependency-free SVG charts for the HTML report: horizontal bars with min-max whiskers,
// a scatter plot and a line chart. Each is one <svg role="img"> with <title> and <desc> (what a
// screen reader says), axis labels with units, and only escaped user text. No script, no fonts,
// no external references: the page works offline and prints.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit {

struct Bar {
  std::string label;
  double value = 0;       // the bar: a median
  double lo = 0, hi = 0;  // the whisker: min-max
  int n = 0;              // how many values it summarises
  // What a healthy card of the group's model delivers (its baseline), drawn as a mark across the
  // bar: a short bar next to it is visibly short, whatever the other groups do.
  std::optional<double> reference;
  std::string reference_text;  // its tooltip: "healthy NVIDIA H100 80GB HBM3: 745 (baseline h100-sxm5-80gb)"
};

struct BarChart {
  std::string id;          // unique in the page: used for the title/desc element ids
  std::string title;       // "gemm/bf16 by group"
  std::string axis_label;  // "TFLOP/s (median; whiskers min-max)"
  std::string unit;        // appended to the value labels in the description
  std::vector<Bar> bars;
  std::string reference_label = "healthy card of the model (its baseline)";  // the mark's legend
};

struct XY {
  double x = 0, y = 0;
  std::string label;  // tooltip of the point (escaped on output)
};

struct Series {
  std::string name;
  std::vector<XY> points;
};

struct Marker {
  double x = 0;
  std::string text;
};

struct XYChart {
  std::string id, title, x_label, y_label;
  std::vector<Series> series;
  std::vector<Marker> markers;  // line chart only: ticks under the x axis (e.g. throttle events)
  bool x_from_zero = true, y_from_zero = true;
};

// Each returns the chart's <svg>, or, when its values cannot be placed on an axis in doubles
// (spanning more than DBL_MAX is fine; differing by less than the doubles near them resolve, or
// only in denormals, is not), a <p class="chart-not-drawn"> that says so. Never a crash, never
// "nan" in the page.
std::string svg_bar_chart(const BarChart& c);
std::string svg_scatter(const XYChart& c);
std::string svg_line_chart(const XYChart& c);

// Round tick values covering [lo, hi] (about `target` of them): 0, 250, 500, ... The outermost
// stop at +-DBL_MAX when rounding outwards would pass it. Empty when no ticks exist in doubles:
// a bound not finite, hi not above lo, a step that underflows or is below the doubles' resolution.
std::vector<double> nice_ticks(double lo, double hi, int target = 5);
// A colour-blind-safe palette (Okabe-Ito without yellow), cycled.
const char* series_color(size_t i);

// Every chart's drawing width (its viewBox): the page's content width, so a chart drawn at 100% of
// the page is not scaled up (text keeps its size).
inline constexpr int kChartWidth = 1080;

}  // namespace gpuaudit
