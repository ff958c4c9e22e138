#include "compare/tolerance.hpp"

#include "core/error.hpp"
#include "core/names.hpp"
#include "text/format.hpp"

#include <cmath>
#include <sstream>

namespace gpuaudit {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

double parse_pct(const std::string& text, const std::string& entry) {
  std::string t = trim(text);
  if (!t.empty() && t.back() == '%') t.pop_back();
  size_t used = 0;
  double v = 0;
  try {
    v = std::stod(t, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (t.empty() || used != t.size() || !std::isfinite(v) || v < 0 || v >= 100)
    throw input_error("--max-regression: \"" + entry +
                      "\" is not a percentage from 0 to 100 (examples: 5%, hbm=3%, gemm/bf16=2%)");
  return v;
}

std::string pct_text(double v) {
  std::string s = fmt_num(v, 2);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s + "%";
}

}  // namespace

void Tolerances::parse(const std::string& spec) {
  std::stringstream ss(spec);
  std::string entry;
  while (std::getline(ss, entry, ',')) {
    entry = trim(entry);
    if (entry.empty()) continue;
    const auto eq = entry.find('=');
    if (eq == std::string::npos) {
      default_pct_ = parse_pct(entry, entry);
      continue;
    }
    std::string prefix = trim(entry.substr(0, eq));
    while (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
    if (prefix.empty()) throw input_error("--max-regression: \"" + entry + "\" names no figure or family");
    check_figure_prefix(prefix, "--max-regression");
    overrides_[prefix] = parse_pct(entry.substr(eq + 1), entry);
  }
}

double Tolerances::for_figure(const std::string& name) const {
  // Longest prefix on '/' boundaries: "gemm/bf16" beats "gemm" for gemm/bf16.
  double best = default_pct_;
  size_t best_len = 0;
  for (const auto& [prefix, pct] : overrides_) {
    const bool match = name == prefix || (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
                                          name[prefix.size()] == '/');
    if (match && prefix.size() > best_len) {
      best = pct;
      best_len = prefix.size();
    }
  }
  return best;
}

std::string Tolerances::describe() const {
  std::string s = pct_text(default_pct_);
  if (overrides_.empty()) return s;
  s += " (";
  bool first = true;
  for (const auto& [prefix, pct] : overrides_) {
    s += (first ? "" : ", ") + prefix + " " + pct_text(pct);
    first = false;
  }
  return s + ")";
}

}  // namespace gpuaudit
