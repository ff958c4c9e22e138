#include "core/document_validate.hpp"

#include "core/figure_catalogue.hpp"
#include "core/json.hpp"
#include "core/text_cursor.hpp"

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <set>

namespace gpuaudit {
namespace {

// A value quoted in a message: cut, so a 30 KB field is not printed back whole.
std::string shown_value(std::string_view s) {
  return "\"" + std::string(s.size() <= 60 ? s : s.substr(0, 57)) + (s.size() <= 60 ? "\"" : "...\"");
}

std::string number(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

std::string at(const std::string& list, std::size_t i, const char* field = nullptr) {
  return list + "[" + std::to_string(i) + "]" + (field ? std::string(".") + field : std::string());
}

void one_of(const std::string& path, std::string_view value, std::initializer_list<std::string_view> allowed) {
  std::string list;
  for (const auto a : allowed) {
    if (value == a) return;
    list += (list.empty() ? "" : ", ") + std::string(a.empty() ? "\"\"" : a);
  }
  throw field_error(path, shown_value(value) + " is not one of " + list);
}

// ---- dates -------------------------------------------------------------------------------------

bool digits_in(TextCursor& c, std::size_t n, int lo, int hi, int& out) {
  const auto d = c.digits(n, n);
  if (!d) return false;
  out = 0;
  for (const char ch : *d) out = out * 10 + (ch - '0');
  return out >= lo && out <= hi;
}

int days_in(int year, int month) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : days[month - 1];
}

// ---- figures -----------------------------------------------------------------------------------

// Every number a row states as its figure: summary, samples.
void finite_figures(const BenchmarkResult& b, const std::string& path, bool non_negative) {
  auto check = [&](double v, const std::string& field) {
    if (!std::isfinite(v)) throw field_error(field, "not a finite number");
    if (non_negative && v < 0)
      throw field_error(field, number(v) + " " + b.unit + " is negative (no " + b.name + " figure can be)");
  };
  for (std::size_t i = 0; i < b.samples.size(); ++i) check(b.samples[i], path + ".samples[" + std::to_string(i) + "]");
  if (b.summary)
    for (const auto& [name, v] : {std::pair{"median", b.summary->median}, std::pair{"min", b.summary->min},
                                  std::pair{"max", b.summary->max}, std::pair{"mean", b.summary->mean}})
      check(v, path + ".summary." + name);
}

void check_figure(const BenchmarkResult& b, const std::string& path) {
  // A rate, an amount or a time is never negative; a unit gpuaudit does not know may be.
  finite_figures(b, path, unit_direction(b.unit).has_value() || b.unit == "count" || b.unit == "%");
  if (b.status != "ok" || !b.summary) return;  // a row without a figure may leave its unit empty
  if (const auto spec = figure_spec(b.name)) {
    if (b.unit != spec->unit)
      throw field_error(path + ".unit", shown_value(b.unit) + ", but " + b.name + " is measured in " + std::string(spec->unit));
    if (b.higher_is_better != spec->higher_is_better)
      throw field_error(path + ".higher_is_better", std::string(b.higher_is_better ? "true" : "false") + ", but " +
                                                        b.name + " is better " + (spec->higher_is_better ? "higher" : "lower"));
  } else if (const auto up = unit_direction(b.unit); up && *up != b.higher_is_better) {
    throw field_error(path + ".higher_is_better", std::string(b.higher_is_better ? "true" : "false") + ", but a figure in " +
                                                      b.unit + " is better " + (*up ? "higher" : "lower"));
  }
}

// ---- plausibility ------------------------------------------------------------------------------

struct Bounds {
  double lo, hi;
  const char* unit;
};
constexpr Bounds kTemperature{kMinTemperatureC, kMaxTemperatureC, "C"};
constexpr Bounds kPower{0, kMaxGpuPowerW, "W"};
constexpr Bounds kPercent{0, 100, "%"};

bool inside(double v, const Bounds& b) { return std::isfinite(v) && v >= b.lo && v <= b.hi; }

std::string outside(double v, const Bounds& b) {
  return number(v) + " " + b.unit + " is outside " + number(b.lo) + ".." + number(b.hi) + " " + b.unit;
}

// A value someone set (a limit, a threshold, a price): refused when out of bounds.
template <class T>
void bounded(const std::optional<T>& v, const Bounds& b, const std::string& path) {
  if (v && !inside(static_cast<double>(*v), b)) throw field_error(path, outside(static_cast<double>(*v), b));
}

// A sensor's reading: read as unknown, with a note, when out of bounds.
template <class T>
void reading(std::optional<T>& v, const Bounds& b, const std::string& path, std::vector<std::string>& notes) {
  if (!v || inside(static_cast<double>(*v), b)) return;
  notes.push_back(path + ": " + outside(static_cast<double>(*v), b) + " (a sensor misread): read as unknown");
  v.reset();
}

void reading(std::optional<Range>& r, const Bounds& b, const std::string& path, std::vector<std::string>& notes) {
  if (!r || (inside(r->min, b) && inside(r->median, b) && inside(r->max, b))) return;
  const double bad = !inside(r->min, b) ? r->min : !inside(r->median, b) ? r->median : r->max;
  notes.push_back(path + ": " + outside(bad, b) + " (a sensor misread): read as unknown");
  r.reset();
}

void gpu_plausible(GpuInfo& g, const std::string& p, std::vector<std::string>& notes) {
  bounded(g.temperature_slowdown_c, kTemperature, p + ".temperature_slowdown_c");
  bounded(g.temperature_shutdown_c, kTemperature, p + ".temperature_shutdown_c");
  bounded(g.temperature_max_operating_c, kTemperature, p + ".temperature_max_operating_c");
  bounded(g.power.limit_w, kPower, p + ".power.limit_w");
  bounded(g.power.default_limit_w, kPower, p + ".power.default_limit_w");
  bounded(g.power.min_limit_w, kPower, p + ".power.min_limit_w");
  bounded(g.power.max_limit_w, kPower, p + ".power.max_limit_w");
  bounded(g.power.enforced_limit_w, kPower, p + ".power.enforced_limit_w");
  for (const auto* mhz : {&g.clocks.sm_max_mhz, &g.clocks.mem_max_mhz, &g.clocks.sm_now_mhz, &g.clocks.mem_now_mhz})
    if (*mhz && **mhz < 0) throw field_error(p + ".clocks", std::to_string(**mhz) + " MHz is negative");
  if (g.sm_count && *g.sm_count < 0) throw field_error(p + ".sm_count", "negative");
  reading(g.temperature_c, kTemperature, p + ".temperature_c", notes);
  reading(g.power.usage_w, kPower, p + ".power.usage_w", notes);
  reading(g.utilization_pct, kPercent, p + ".utilization_pct", notes);
}

void telemetry_plausible(std::optional<TelemetrySummary>& t, const std::string& p, std::vector<std::string>& notes) {
  if (!t) return;
  reading(t->temperature_c, kTemperature, p + ".temperature_c", notes);
  reading(t->power_w, kPower, p + ".power_w", notes);
  reading(t->gpu_util_pct, kPercent, p + ".gpu_util_pct", notes);
}

// ---- the document ------------------------------------------------------------------------------

// The words gpuaudit writes; "unknown" is probe/nvml_inventory.cpp's for an NVML value newer than
// this build (a document of a newer driver stays readable).
void check_enumerations(const ResultDocument& doc) {
  one_of("mode", doc.mode, {"", "info", "quick", "full", "quick+only", "full+only", "custom", "imported",
                            "published", "watch"});
  one_of("gpu_status.state", doc.gpu_status.state,
         {"ok", "no-driver", "driver-not-loaded", "no-device", "driver-too-old", "no-kernel-image", "not-built",
          "nvml-error", "cuda-error"});
  for (std::size_t i = 0; i < doc.gpus.size(); ++i) {
    const GpuInfo& g = doc.gpus[i];
    if (g.virtualization_mode)
      one_of(at("gpus", i, "virtualization_mode"), *g.virtualization_mode, {"none", "passthrough", "vgpu", "host-vgpu", "host-vsga", "unknown"});
    if (g.compute_mode)
      one_of(at("gpus", i, "compute_mode"), *g.compute_mode, {"default", "exclusive-process", "exclusive-thread", "prohibited", "unknown"});
  }
  for (std::size_t i = 0; i < doc.benchmarks.size(); ++i)
    one_of(at("benchmarks", i, "status"), doc.benchmarks[i].status,
           {"ok", "check-failed", "error", "skipped", "not-applicable", "interrupted"});
  if (doc.assessment)
    for (std::size_t i = 0; i < doc.assessment->findings.size(); ++i)
      one_of(at("assessment.findings", i, "confidence"), doc.assessment->findings[i].confidence, {"high", "medium", "low"});
}

void check_references(const ResultDocument& doc) {
  std::set<int> indices;
  std::set<std::string> slice_parents;
  for (std::size_t i = 0; i < doc.gpus.size(); ++i) {
    const GpuInfo& g = doc.gpus[i];
    if (!indices.insert(g.index).second)
      throw field_error(at("gpus", i, "index"), std::to_string(g.index) + " is the index of an earlier GPU too");
    if (g.mig.parent_uuid && !g.mig.is_mig_device)
      throw field_error(at("gpus", i, "mig.parent_uuid"), "set, but the GPU is not a MIG device (mig.is_mig_device)");
    if (g.mig.is_mig_device && g.mig.mode_enabled == false)
      throw field_error(at("gpus", i, "mig.is_mig_device"), "a MIG device, but its board's mig.mode_enabled is false");
    if (g.mig.is_mig_device && g.mig.parent_uuid && !g.mig.parent_uuid->empty()) slice_parents.insert(*g.mig.parent_uuid);
  }
  for (std::size_t i = 0; i < doc.gpus.size(); ++i) {
    const GpuInfo& g = doc.gpus[i];
    // A slice's parent is a board: listed, it is no slice itself (a slice may carry its board's
    // UUID when the driver gave it none of its own).
    if (g.mig.is_mig_device && slice_parents.count(g.uuid) && !(g.mig.parent_uuid && *g.mig.parent_uuid == g.uuid))
      throw field_error(at("gpus", i, "uuid"), "the parent_uuid of a MIG device, but itself a MIG device");
  }
  auto known = [&](const std::optional<int>& gpu, const std::string& path) {
    if (gpu && !indices.count(*gpu))
      throw field_error(path, "GPU " + std::to_string(*gpu) + " is not in gpus[] (" +
                                  (indices.empty() ? std::string("the document lists none") : "it lists " + std::to_string(indices.size())) + ")");
  };
  for (std::size_t i = 0; i < doc.benchmarks.size(); ++i) known(doc.benchmarks[i].gpu, at("benchmarks", i, "gpu"));
  if (doc.assessment)
    for (std::size_t i = 0; i < doc.assessment->findings.size(); ++i)
      known(doc.assessment->findings[i].gpu, at("assessment.findings", i, "gpu"));
}

void check_dates(const ResultDocument& doc) {
  if (!is_rfc3339_date_time(doc.created_utc))
    throw field_error("created_utc", shown_value(doc.created_utc) + " is not an RFC 3339 date and time (2026-11-30T00:18:29Z)");
  if (doc.assessment && !doc.assessment->scored_utc.empty() && !is_rfc3339_date_time(doc.assessment->scored_utc))
    throw field_error("assessment.scored_utc", shown_value(doc.assessment->scored_utc) + " is not an RFC 3339 date and time");
}

}  // namespace

bool is_rfc3339_date_time(std::string_view text) {
  TextCursor c(text);
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!digits_in(c, 4, 0, 9999, year) || !c.literal("-") || !digits_in(c, 2, 1, 12, month) || !c.literal("-") ||
      !digits_in(c, 2, 1, 31, day) || day > days_in(year, month) || !c.one_of("Tt ") || !digits_in(c, 2, 0, 23, hour) ||
      !c.literal(":") || !digits_in(c, 2, 0, 59, minute) || !c.literal(":") || !digits_in(c, 2, 0, 60, second))
    return false;
  if (c.literal(".") && !c.digits()) return false;
  if (c.one_of("Zz")) return c.done();
  int oh = 0, om = 0;
  return c.one_of("+-") && digits_in(c, 2, 0, 23, oh) && c.literal(":") && digits_in(c, 2, 0, 59, om) && c.done();
}

std::vector<std::string> validate_document(ResultDocument& doc) {
  check_dates(doc);
  check_enumerations(doc);
  check_references(doc);
  std::vector<std::string> notes;
  if (doc.price_per_hour && !(*doc.price_per_hour >= 0 && *doc.price_per_hour <= kMaxPricePerHour))
    throw field_error("price_per_hour", number(*doc.price_per_hour) + " is outside 0.." + number(kMaxPricePerHour) + " an hour");
  if (doc.host.steal_pct) bounded(doc.host.steal_pct, kPercent, "host.steal_pct");
  for (std::size_t i = 0; i < doc.gpus.size(); ++i) gpu_plausible(doc.gpus[i], at("gpus", i), notes);
  for (std::size_t i = 0; i < doc.benchmarks.size(); ++i) {
    BenchmarkResult& b = doc.benchmarks[i];
    check_figure(b, at("benchmarks", i));
    telemetry_plausible(b.telemetry, at("benchmarks", i, "telemetry"), notes);
  }
  return notes;
}

}  // namespace gpuaudit
