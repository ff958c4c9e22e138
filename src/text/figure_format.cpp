#include "text/figure_format.hpp"

#include "text/format.hpp"

#include <cmath>
#include <cstdio>

namespace gpuaudit {

std::string fmt_figure(double v) {
  const double a = std::fabs(v);
  if (!std::isfinite(v)) return "-";
  if (a != 0 && a < 0.01) {
    char b[32];
    std::snprintf(b, sizeof b, "%.2g", v);
    return b;
  }
  return fmt_num(v, a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3);
}

std::string fmt_figure(const std::optional<double>& v, const std::string& none) {
  return v ? fmt_figure(*v) : none;
}

std::string fmt_change_pct(const std::optional<double>& pct) {
  if (!pct) return "-";
  const double a = std::fabs(*pct);
  std::string s = fmt_num(*pct, a < 10 ? 1 : 0) + "%";
  if (s == "-0.0%") s = "0.0%";
  return *pct > 0 && s != "0.0%" ? "+" + s : s;
}

std::string fmt_p_value(double p) { return p < 0.001 ? "<0.001" : fmt_num(p, 3); }

}  // namespace gpuaudit

namespace gpuaudit {

std::string fmt_alpha(double a) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", a);
  return b;
}

}  // namespace gpuaudit
