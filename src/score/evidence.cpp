#include "score/evidence.hpp"

#include "core/figure_label.hpp"
#include "core/join.hpp"
#include "text/format.hpp"

#include <cctype>
#include <cmath>

namespace gpuaudit {

std::string fmt_value(double v, const std::string& unit) {
  const double a = std::fabs(v);
  const int decimals = unit == "count" ? 0 : a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  std::string s = fmt_num(v, decimals);
  if (unit == "count") return s;
  return unit.empty() ? s : s + " " + unit;
}

std::string fmt_pct(double fraction) { return fmt_num(100.0 * fraction, 0) + "%"; }

std::string fmt_tolerance(double tolerance) { return "+-" + fmt_num(100.0 * tolerance, 0) + "%"; }

namespace {

// Where an imported figure came from (its extra.source, docs/import.md):
// " (from nccl-tests 2.13.9, all_reduce.txt line 31)"; "" for gpuaudit's own figures.
std::string provenance(const BenchmarkResult& b) {
  if (!b.extra.is_object() || !b.extra.contains("source") || !b.extra["source"].is_object()) return "";
  const json& src = b.extra["source"];
  auto text = [&](const char* k) { return src.contains(k) && src[k].is_string() ? src[k].get<std::string>() : ""; };
  std::string s = text("tool");
  if (const std::string v = text("version"); !v.empty()) s += " " + v;
  if (std::string file = text("file"); !file.empty()) {
    if (const auto slash = file.find_last_of('/'); slash != std::string::npos) file = file.substr(slash + 1);
    s += (s.empty() ? "" : ", ") + file;
    if (src.contains("line") && src["line"].is_number_integer()) s += " line " + std::to_string(src["line"].get<long long>());
  }
  return s.empty() ? "" : " (from " + s + ")";
}

}  // namespace

std::string figure_evidence(const FigureScore& f) {
  std::string s = (f.bench ? figure_label(*f.bench) + " " + fmt_value(f.value, f.unit) + provenance(*f.bench)
                           : f.name + " " + fmt_value(f.value, f.unit));
  if (!f.expected || !f.ratio) return s + "; no reference for this model";
  s += "; expected " + fmt_value(*f.expected, f.unit);
  if (!f.scaled_by.empty()) s += " (" + f.scaled_by + " of " + fmt_value(*f.expected_full, f.unit) + ")";
  s += ": " + fmt_pct(*f.ratio) + ", tolerance " + fmt_tolerance(f.tolerance);
  if (f.uncertain) s += " (uncertain reference)";
  return s;
}

std::string telemetry_evidence(const TelemetrySummary& t, std::optional<int> sm_max_mhz) {
  std::string s;
  auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
  if (t.sm_clock_mhz) {
    std::string c = "SM clock " + fmt_num(t.sm_clock_mhz->median, 0) + " MHz median";
    if (sm_max_mhz) c += " (max " + std::to_string(*sm_max_mhz) + ")";
    add(c);
  }
  if (t.power_w) add("power up to " + fmt_num(t.power_w->max, 0) + " W");
  if (t.temperature_c) add("up to " + fmt_num(t.temperature_c->max, 0) + " C");
  if (t.pcie_gen_max_seen || t.pcie_width_max_seen)
    add("link Gen" + (t.pcie_gen_max_seen ? std::to_string(*t.pcie_gen_max_seen) : std::string("?")) + " x" +
        (t.pcie_width_max_seen ? std::to_string(*t.pcie_width_max_seen) : std::string("?")));
  if (!t.clock_event_reasons.empty()) {
    std::string r;
    for (const auto& x : t.clock_event_reasons) r += (r.empty() ? "" : ",") + x;
    add("clock-event reasons " + r);
  }
  return s.empty() ? s : "while it ran: " + s;
}

std::string figure_with_telemetry(const FigureScore& f, std::optional<int> sm_max_mhz) {
  std::string s = figure_evidence(f);
  if (f.bench && f.bench->telemetry) {
    const std::string t = telemetry_evidence(*f.bench->telemetry, sm_max_mhz);
    if (!t.empty()) s += "; " + t;
  }
  return s;
}

std::string a_model(const std::string& model) {
  if (model.empty()) return "a card";
  const bool word = model.size() > 1 && std::islower(static_cast<unsigned char>(model[1]));
  const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(model[0])));
  const bool vowel_sound = word ? std::string("AEIOU").find(c) != std::string::npos
                                : std::string("AEFHILMNORSX8").find(c) != std::string::npos;
  return (vowel_sound ? "an " : "a ") + model;
}

}  // namespace gpuaudit
