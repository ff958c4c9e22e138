#include "score/figures.hpp"

#include "core/figure_catalogue.hpp"
#include "core/figure_label.hpp"
#include "score/families.hpp"

namespace gpuaudit {

namespace {

std::optional<Expectation> expectation_for(const Baseline& b, const std::string& name) {
  if (auto it = b.expected.find(name); it != b.expected.end()) return it->second;
  // The census needs no measured reference: it is the model's SM count.
  if (name == "sm/census" && b.sm_count > 0) {
    Expectation e;
    e.value = b.sm_count;
    e.unit = "count";
    e.source = "baseline sm_count";
    return e;
  }
  return std::nullopt;
}

std::optional<double> perf_ratio(double value, double expected, bool higher_is_better) {
  if (expected <= 0) return std::nullopt;
  if (higher_is_better) return value / expected;
  if (value <= 0) return std::nullopt;
  return expected / value;
}

// Rows that carry their own expectation (nccl/* and p2p/matrix, from the topology baseline for
// that row's GPU count and paths, see src/multigpu/rows.hpp) are scored by it: one per-model
// figure cannot fit a 2-GPU and an 8-GPU allreduce alike.
bool score_by_row_expectation(const BenchmarkResult& b, FigureScore& f) {
  const auto fraction = b.derived.find("fraction_of_expected");
  if (fraction == b.derived.end() || fraction->second <= 0) return false;
  auto expected = b.derived.find("expected_busbw_gbs");
  if (expected == b.derived.end()) expected = b.derived.find("expected_gbs");
  if (expected == b.derived.end() || expected->second <= 0) return false;
  f.expected = f.expected_full = expected->second;
  f.ratio = f.ratio_full = fraction->second;  // p2p: the weakest pair against its own path
  const auto source = b.extra.find("expected_source");
  f.source = source != b.extra.end() && source->is_string() ? source->get<std::string>() : "topology baseline";
  const auto uncertain = b.derived.find("expected_uncertain");
  f.uncertain = uncertain != b.derived.end() && uncertain->second > 0;
  return true;
}

void set_state(FigureScore& f) {
  if (!f.ratio) return;
  if (*f.ratio < 1.0 - f.tolerance) f.state = "low";
  else if (*f.ratio > 1.0 + f.tolerance) f.state = "high";
  else f.state = "ok";
}

}  // namespace

std::vector<FigureScore> score_figures(const ResultDocument& doc, std::optional<int> gpu, const Baseline* baseline,
                                       const SliceShare& slice, const Thresholds& t) {
  std::vector<FigureScore> out;
  for (const auto& b : doc.benchmarks) {
    if (b.gpu != gpu) continue;
    if (b.name.rfind("host/", 0) == 0) continue;
    const auto v = b.value();
    if (!v) continue;
    // A host-link copy measured with every GPU copying at once: the row beside it measured alone is
    // the link's figure; this one is shown (the label says all-gpus), not judged against the model's.
    if (b.params.is_object() && b.params.value("shares_host_link", false) && b.params.value("concurrency", std::string()) == "all-gpus")
      continue;
    FigureScore f;
    f.name = b.name;
    const Family& fam = family_of(b.name);
    f.family = fam.id;
    f.unit = b.unit;
    f.value = *v;
    f.higher_is_better = known_direction(b).value_or(b.higher_is_better);  // gpuaudit's knowledge first
    f.bench = &b;
    if (score_by_row_expectation(b, f)) {
      f.tolerance = t.tolerance_for(b.name, std::nullopt);
      set_state(f);
      out.push_back(std::move(f));
      continue;
    }
    std::optional<Expectation> e = baseline ? expectation_for(*baseline, b.name) : std::nullopt;
    if (e && !e->unit.empty() && !b.unit.empty() && e->unit != b.unit) {
      f.source = "reference in " + e->unit + ", measured in " + b.unit + ": not compared";
      e.reset();
    }
    f.tolerance = t.tolerance_for(b.name, e ? e->tolerance : std::nullopt);
    if (e) {
      f.expected_full = e->value;
      f.source = e->source;
      f.uncertain = e->uncertain;
      double share = 1.0;
      if (fam.scaling == SliceScaling::compute && slice.sm_fraction < 1.0) {
        share = slice.sm_fraction;
        if (slice.slice_sms && slice.full_sms)
          f.scaled_by = std::to_string(*slice.slice_sms) + "/" + std::to_string(*slice.full_sms) + " SMs";
      } else if (fam.scaling == SliceScaling::memory && slice.memory_fraction < 1.0) {
        share = slice.memory_fraction;
        if (slice.memory_slices) f.scaled_by = std::to_string(*slice.memory_slices) + "/8 memory slices";
      }
      f.expected = *f.expected_full * share;
      if (b.name == "sm/census" && slice.slice_sms) {  // the slice's own SM count, exactly
        f.expected = *slice.slice_sms;
      }
      f.ratio = perf_ratio(f.value, *f.expected, f.higher_is_better);
      f.ratio_full = perf_ratio(f.value, *f.expected_full, f.higher_is_better);
      set_state(f);
    }
    out.push_back(std::move(f));
  }
  return out;
}

json figure_json(const FigureScore& f) {
  json j = json::object();
  j["name"] = f.name;
  if (f.bench)
    if (const std::string label = figure_label(*f.bench); label != f.name) j["label"] = label;  // a variant
  j["family"] = f.family;
  j["unit"] = f.unit;
  j["value"] = f.value;
  j["expected"] = f.expected;
  j["expected_full"] = f.expected_full;
  j["ratio"] = f.ratio;
  j["ratio_full"] = f.ratio_full;
  j["tolerance"] = f.tolerance;
  j["state"] = f.state;
  if (!f.scaled_by.empty()) j["scaled_by"] = f.scaled_by;
  j["source"] = f.source;
  if (f.uncertain) j["uncertain"] = true;
  return j;
}

}  // namespace gpuaudit
