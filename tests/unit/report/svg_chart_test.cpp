// report/svg_chart: ticks, bar charts with their title, description, wrapped labels and healthy
// marker. Chart arithmetic at the edges of a double (issue #28): values spanning more than DBL_MAX made
// nice_ticks return nothing and domain() read front() of an empty vector (report --html crashed).
// Every finite value now gives a chart or a sentence saying it was not drawn; never "nan" or
// "inf" in the page, never a crash.
#include "report/svg_chart.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace gpuaudit;

namespace {

constexpr double kMax = DBL_MAX;
constexpr double kDenormal = std::numeric_limits<double>::denorm_min();

BarChart bars(std::vector<double> values) {
  BarChart c;
  c.id = "edge";
  c.title = "edge values";
  c.unit = "GB/s";
  for (std::size_t i = 0; i < values.size(); ++i) {
    Bar b;
    b.label = "group " + std::to_string(i);
    b.value = b.lo = b.hi = values[i];
    b.n = 1;
    c.bars.push_back(b);
  }
  return c;
}

XYChart points(std::vector<double> xs, std::vector<double> ys) {
  XYChart c;
  c.id = "xy";
  c.title = "edge points";
  c.x_label = "x";
  c.y_label = "y";
  Series s;
  s.name = "s";
  for (std::size_t i = 0; i < xs.size(); ++i) s.points.push_back({xs[i], ys[i], "p"});
  c.series.push_back(s);
  return c;
}

// Drawn, or said not to be; no "nan"/"inf" in what goes into the page.
void expect_safe(const std::string& svg, const std::string& what) {
  EXPECT_EQ(svg.find("nan"), std::string::npos) << what;
  EXPECT_EQ(svg.find("inf"), std::string::npos) << what;
  const bool drawn = svg.find("<svg") != std::string::npos && svg.find("</svg>") != std::string::npos;
  const bool said = svg.find("Chart not drawn") != std::string::npos;
  EXPECT_TRUE(drawn != said) << what << ": " << svg.substr(0, 300);
}

bool drawn(const std::string& svg) { return svg.find("<svg") != std::string::npos; }

Bar bar(const std::string& label, double value, double lo, double hi, int n) {
  Bar b;
  b.label = label;
  b.value = value;
  b.lo = lo;
  b.hi = hi;
  b.n = n;
  return b;
}

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

}  // namespace

TEST(ReportSvgChart, TicksCoverAnyFiniteRange) {
  for (const auto& [lo, hi] : std::vector<std::pair<double, double>>{
           {-kMax, kMax}, {0, kMax}, {-kMax, 0}, {kMax / 2, kMax}, {1e300, 1.5e300}, {-1e-300, 1e-300}, {0, 1e-300}, {55, 92}}) {
    const auto t = nice_ticks(lo, hi);
    ASSERT_GE(t.size(), 2u) << lo << " " << hi;
    EXPECT_LE(t.front(), lo) << lo << " " << hi;
    EXPECT_GE(t.back(), hi) << lo << " " << hi;
    for (std::size_t i = 0; i < t.size(); ++i) {
      EXPECT_TRUE(std::isfinite(t[i])) << lo << " " << hi;
      if (i) EXPECT_GT(t[i], t[i - 1]) << lo << " " << hi;
    }
  }
}

TEST(ReportSvgChart, NoTicksWhereDoublesCannotHoldThem) {
  EXPECT_TRUE(nice_ticks(0, kDenormal).empty());                   // the step underflows
  EXPECT_TRUE(nice_ticks(1e16, 1e16 + 2).empty());                 // a step below the doubles' resolution
  EXPECT_TRUE(nice_ticks(5, 5).empty());                           // no range
  EXPECT_TRUE(nice_ticks(0, std::numeric_limits<double>::infinity()).empty());
  EXPECT_TRUE(nice_ticks(std::nan(""), 1).empty());
  EXPECT_EQ(nice_ticks(0, 1000), (std::vector<double>{0, 200, 400, 600, 800, 1000}));  // unchanged where it worked
}

TEST(ReportSvgChart, BarChartsAtTheEdgesOfADouble) {
  for (const auto& values : std::vector<std::vector<double>>{{kMax, -kMax},
                                                            {kMax},
                                                            {-kMax},
                                                            {kMax, kMax},
                                                            {kDenormal},
                                                            {kDenormal, 2 * kDenormal},
                                                            {0, 0},
                                                            {42},
                                                            {1e16, 1e16 + 2},
                                                            {-1e308, 1e308, 0}}) {
    const std::string svg = svg_bar_chart(bars(values));
    expect_safe(svg, std::to_string(values.front()));
  }
  EXPECT_TRUE(drawn(svg_bar_chart(bars({kMax, -kMax}))));  // wider than DBL_MAX: still drawn
  EXPECT_TRUE(drawn(svg_bar_chart(bars({42, 42}))));        // identical values
  // From 0 (bars start there) to a denormal: no step between them is a double.
  EXPECT_NE(svg_bar_chart(bars({kDenormal})).find("Chart not drawn"), std::string::npos);
}

TEST(ReportSvgChart, ScatterAndLineChartsAtTheEdges) {
  expect_safe(svg_scatter(points({-kMax, kMax}, {kMax, -kMax})), "scatter +-DBL_MAX");
  expect_safe(svg_line_chart(points({0, 1}, {kDenormal, 2 * kDenormal})), "line of denormals");
  expect_safe(svg_line_chart(points({5}, {5})), "one point");
  XYChart one_denormal = points({kDenormal}, {kDenormal});
  one_denormal.x_from_zero = one_denormal.y_from_zero = false;
  EXPECT_TRUE(drawn(svg_line_chart(one_denormal)));  // one value: +-1 around it (its tenth is 0)
  expect_safe(svg_scatter(points({}, {})), "no points");
  EXPECT_TRUE(drawn(svg_scatter(points({-kMax, kMax}, {kMax, -kMax}))));
  XYChart far = points({0, 1}, {1e16, 1e16 + 2});
  far.y_from_zero = false;
  const std::string said = svg_line_chart(far);
  expect_safe(said, "values closer than the doubles resolve");
  EXPECT_NE(said.find("Chart not drawn: the values of edge points"), std::string::npos) << said;
}

TEST(ReportSvgChart, AMillionPoints) {
  std::vector<double> xs(1000000), ys(1000000);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    xs[i] = static_cast<double>(i);
    ys[i] = std::sin(static_cast<double>(i)) * 1e300;
  }
  const std::string svg = svg_line_chart(points(xs, ys));
  expect_safe(svg, "a million points");
  EXPECT_TRUE(drawn(svg));
}

TEST(ReportCharts, NiceTicks) {
  EXPECT_EQ(nice_ticks(0, 1000, 5), (std::vector<double>{0, 200, 400, 600, 800, 1000}));
  EXPECT_EQ(nice_ticks(0, 730, 5), (std::vector<double>{0, 200, 400, 600, 800}));
  EXPECT_EQ(nice_ticks(0, 3.1, 5), (std::vector<double>{0, 1, 2, 3, 4}));
  const auto t = nice_ticks(55, 92, 5);
  EXPECT_DOUBLE_EQ(t.front(), 50);
  EXPECT_DOUBLE_EQ(t.back(), 100);
}

TEST(ReportCharts, BarChartCarriesTitleDescAndEscapedLabels) {
  BarChart c;
  c.id = "x-1";
  c.title = "hbm/copy by group";
  c.axis_label = "GB/s";
  c.unit = "GB/s";
  c.bars = {bar("a<b", 3000, 2900, 3100, 8), bar("c", 1500, 1500, 1500, 1)};
  const std::string svg = svg_bar_chart(c);
  EXPECT_NE(svg.find("role=\"img\""), std::string::npos);
  EXPECT_NE(svg.find("<title id=\"x-1-title\">hbm/copy by group</title>"), std::string::npos);
  EXPECT_NE(svg.find("a&lt;b: 3000 GB/s (min 2900, max 3100, 8 values)"), std::string::npos);
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
  EXPECT_EQ(count(svg, "<rect"), 2u);
  EXPECT_EQ(count(svg, "<path"), 1u);  // no whisker where min == max
}

TEST(ReportCharts, BarChartWrapsLabelsAndMarksTheHealthyCard) {
  BarChart c;
  c.id = "x-2";
  c.title = "gemm/bf16 by group";
  c.unit = "TFLOP/s";
  c.bars = {bar("alpha-cloud / us-east / NVIDIA H100 80GB HBM3", 700, 690, 710, 8),
            bar("gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb", 300, 290, 310, 2)};
  c.bars[1].reference = 745;
  const std::string svg = svg_bar_chart(c);
  // Two lines, the whole profile shown; the full label in the bar's title.
  EXPECT_NE(svg.find(">gamma-compute / ap-south</tspan>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">NVIDIA H100 80GB HBM3 MIG 3g.40gb</tspan>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb: 300"), std::string::npos);
  EXPECT_EQ(count(svg, "class=\"reference\""), 1u);
  EXPECT_NE(svg.find("healthy card of the model (its baseline)</text>"), std::string::npos);  // its legend
  EXPECT_NE(svg.find("healthy 745"), std::string::npos);                                      // its desc
  EXPECT_NE(svg.find("viewBox=\"0 0 " + std::to_string(kChartWidth) + " "), std::string::npos);
}
