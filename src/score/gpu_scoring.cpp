#include "score/gpu_scoring.hpp"

#include "core/stats.hpp"
#include "import/import.hpp"
#include "score/families.hpp"

#include <algorithm>

namespace gpuaudit {

Verdict make_verdict(finding_id::Id id, std::optional<int> gpu, std::string confidence, std::string summary,
                     std::string short_text) {
  Verdict v;
  v.finding.id = id.str();
  v.finding.gpu = gpu;
  v.finding.confidence = std::move(confidence);
  v.finding.summary = std::move(summary);
  v.short_text = std::move(short_text);
  return v;
}

std::string stronger(const std::string& a, const std::string& b) {
  auto rank = [](const std::string& c) { return c == "high" ? 3 : c == "medium" ? 2 : c == "low" ? 1 : 0; };
  return rank(a) >= rank(b) ? a : b;
}

const FigureScore* GpuScoring::figure(std::string_view name) const {
  for (const auto& f : figures)
    if (f.name == name) return &f;
  return nullptr;
}

const BenchmarkResult* GpuScoring::bench(std::string_view name) const {
  return doc->find(std::string(name), gpu->index);
}

const FigureScore* GpuScoring::first_scored(const std::vector<std::string>& names) const {
  for (const auto& n : names)
    if (const FigureScore* f = figure(n); f && f->ratio) return f;
  return nullptr;
}

GroupView GpuScoring::group(const std::vector<std::string>& names) const {
  GroupView g;
  std::vector<double> ratios;
  for (const auto& n : names)
    if (const FigureScore* f = figure(n); f && f->ratio) {
      g.figures.push_back(f);
      ratios.push_back(*f->ratio);
      g.tolerance = std::max(g.tolerance, f->tolerance);
    }
  if (!ratios.empty()) {
    g.present = true;
    g.ratio = median_of(ratios);
  }
  return g;
}

bool GpuScoring::has(finding_id::Id id) const {
  return std::any_of(verdicts.begin(), verdicts.end(), [&](const Verdict& v) { return v.finding.id == id; });
}

std::optional<double> GpuScoring::power_limit_w() const {
  const PowerInfo& p = gpu->power;
  std::optional<double> limit = p.limit_w;
  if (p.enforced_limit_w && (!limit || *p.enforced_limit_w < *limit)) limit = p.enforced_limit_w;
  if (limit && *limit <= 0) limit.reset();
  return limit;
}

namespace {
std::string mhz(double v) { return std::to_string(static_cast<int>(v)) + " MHz"; }
}  // namespace

std::optional<double> GpuScoring::sm_max_mhz(std::string* from) const {
  std::optional<double> card, model;
  if (gpu->clocks.sm_max_mhz && *gpu->clocks.sm_max_mhz > 0) card = *gpu->clocks.sm_max_mhz;
  if (const Baseline* b = baseline(); b && b->boost_clock_mhz && b->boost_clock_mhz->value > 0 && !ref.unknown_model())
    model = b->boost_clock_mhz->value;
  // GeForce and workstation cards report a max clock (the top of their voltage curve) above the
  // rated boost clock and hold something in between under load; data-centre cards report their
  // boost clock as the max. The rated boost is what every healthy card of the model sustains.
  if (card && model && *model < *card) {
    if (from)
      *from = "the model's boost clock (" + mhz(*model) + "; the card reports a max of " + mhz(*card) + ")";
    return model;
  }
  if (card) {
    if (from) *from = "the card's max SM clock (" + mhz(*card) + ")";
    return card;
  }
  if (model) {
    if (from) *from = "the model's boost clock (" + mhz(*model) + ")";
    return model;
  }
  return std::nullopt;
}

// A temperature threshold the firmware sets per model: the card's own where the document has it,
// else its model's (baseline, read from real nvidia-smi -q outputs; never an estimate's). The plain
// nvidia-smi table, dmon, a CSV log without temperature.gpu.tlimit, gpu-burn and a vGPU guest's -q
// ("N/A") carry none of the card's.
std::optional<double> GpuScoring::temperature_threshold_c(const std::optional<int>& card,
                                                          const std::optional<Sourced> Baseline::*model,
                                                          const char* what, std::string* from) const {
  if (card && *card > 0) {
    if (from) *from = std::string("the card's ") + what;
    return *card;
  }
  if (const Baseline* b = baseline(); b && !ref.unknown_model() && (b->*model) && (b->*model)->value > 0) {
    if (from) *from = std::string("the model's ") + what + ((b->*model)->uncertain ? " (uncertain)" : "");
    return (b->*model)->value;
  }
  return std::nullopt;
}

std::optional<double> GpuScoring::slowdown_temperature_c(std::string* from) const {
  return temperature_threshold_c(gpu->temperature_slowdown_c, &Baseline::temperature_slowdown_c, "slowdown temperature", from);
}

std::optional<double> GpuScoring::max_operating_temperature_c(std::string* from) const {
  return temperature_threshold_c(gpu->temperature_max_operating_c, &Baseline::temperature_max_operating_c,
                                 "max operating temperature", from);
}

bool GpuScoring::draw_at_power_limit(double fraction) const {
  const auto limit = power_limit_w();
  return limit && *limit > 0 && load.power_w && load.power_w->max >= fraction * *limit;
}

bool GpuScoring::inventory_by_gpuaudit() const {
  return !(gpu->extra.is_object() && gpu->extra.contains("source"));
}

std::string LoadTelemetry::sources() const {
  std::string s;
  for (size_t i = 0; i < from.size(); ++i)
    s += (i == 0 ? "" : i + 1 == from.size() ? " and " : ", ") + from[i];
  return s;
}

namespace {

struct RangeMerge {
  std::vector<double> medians;
  double lo = 0, hi = 0;
  void add(const Range& r) {
    if (medians.empty() || r.min < lo) lo = r.min;
    if (medians.empty() || r.max > hi) hi = r.max;
    medians.push_back(r.median);
  }
  void add(double v) { add(Range{v, v, v}); }
  std::optional<Range> get() const {
    if (medians.empty()) return std::nullopt;
    return Range{lo, median_of(medians), hi};
  }
};

}  // namespace

LoadTelemetry load_telemetry(const ResultDocument& doc, const GpuInfo& gpu, double load_util_pct) {
  LoadTelemetry out;
  RangeMerge sm, power, temp;
  auto link = [&](std::optional<int> gen, std::optional<int> width, const std::string& src) {
    if (!gen && !width) return;
    if (gen) out.pcie_gen_max_seen = std::max(out.pcie_gen_max_seen.value_or(0), *gen);
    if (width) out.pcie_width_max_seen = std::max(out.pcie_width_max_seen.value_or(0), *width);
    out.link_from.push_back(src);
  };
  // Whether a source logs reasons: the importers say so (clock_event_reasons_read); gpuaudit's own
  // sampler always reads them; an imported source that says nothing read them only if it shows one.
  auto read_reasons = [](const json& extra, bool own, bool shows_one) {
    if (extra.is_object())
      if (const auto it = extra.find("clock_event_reasons_read"); it != extra.end() && it->is_boolean())
        return it->get<bool>();
    return own || shows_one;
  };
  for (const auto& b : doc.benchmarks) {
    if (b.gpu != gpu.index || !b.telemetry) continue;
    const TelemetrySummary& t = *b.telemetry;
    const bool heavy = is_heavy_benchmark(b.name) || b.name == imports::kUnderLoadRow;
    const bool copy = b.name.rfind("pcie/", 0) == 0;
    if (heavy) {
      out.from.push_back(b.name);
      out.samples += t.samples;
      for (const auto& r : t.clock_event_reasons)
        if (r != "gpu-idle") out.reasons.insert(r);
      const bool own = !(b.extra.is_object() && b.extra.contains("source"));
      out.reasons_read |= read_reasons(t.extra, own, !t.clock_event_reasons.empty());
      if (t.sm_clock_mhz) sm.add(*t.sm_clock_mhz);
      if (t.power_w) power.add(*t.power_w);
      if (t.temperature_c) temp.add(*t.temperature_c);
    }
    if (heavy || copy) link(t.pcie_gen_max_seen, t.pcie_width_max_seen, b.name);
  }
  // An imported snapshot (nvidia-smi -q) printed while the card was busy is one sample under
  // load. gpuaudit's own inventory is taken before its work: busy then means a co-tenant, which
  // the sliced rule reads, and its instantaneous clocks need not be the load's.
  const bool imported = gpu.extra.is_object() && gpu.extra.contains("source");
  if (imported && gpu.utilization_pct && *gpu.utilization_pct >= load_util_pct) {
    const std::string src = "the inventory snapshot at " + std::to_string(static_cast<int>(*gpu.utilization_pct)) + "% utilisation";
    out.from.push_back(src);
    out.samples += 1;
    out.snapshot_under_load = true;
    for (const auto& r : gpu.clock_event_reasons)
      if (r != "gpu-idle") out.reasons.insert(r);
    out.reasons_read |= read_reasons(gpu.extra, false, !gpu.clock_event_reasons.empty());
    if (gpu.clocks.sm_now_mhz) sm.add(*gpu.clocks.sm_now_mhz);
    if (gpu.power.usage_w) power.add(*gpu.power.usage_w);
    if (gpu.temperature_c) temp.add(*gpu.temperature_c);
    link(gpu.pcie.gen_now, gpu.pcie.width_now, src);
  }
  out.sm_clock_mhz = sm.get();
  out.power_w = power.get();
  out.temperature_c = temp.get();
  return out;
}

}  // namespace gpuaudit
