// Small, dependency-free SVG charts for the HTML report: horizontal bars with min-max whiskers,
// a scatter plot and a line chart. Each is one <svg role="img"> with <title> and <desc> (what a
// screen reader says), axis labels with units, and only escaped user text. No script, no fonts,
// no external references: the page works offline and prints.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gpuaudit {

struct Bar {
  std::string label;
  double value = 0;       // the bar: a median
  double lo = 0, hi = 0;  // the whisker: min-max
  int n = 0;              // how many values it summarises
};

struct BarChart {
  std::string id;          // unique in the page: used for the title/desc element ids
  std::string title;       // "gemm/bf16 by group"
  std::string axis_label;  // "TFLOP/s (median; whiskers min-max)"
  std::string unit;        // appended to the value labels in the description
  std::vector<Bar> bars;
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

std::string svg_bar_chart(const BarChart& c);
std::string svg_scatter(const XYChart& c);
std::string svg_line_chart(const XYChart& c);

// Round tick values covering [lo, hi] (about `target` of them): 0, 250, 500, ...
std::vector<double> nice_ticks(double lo, double hi, int target = 5);
// A colour-blind-safe palette (Okabe-Ito without yellow), cycled.
const char* series_color(size_t i);

}  // namespace gpuaudit
