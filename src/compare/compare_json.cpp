#include "compare/compare_render.hpp"

namespace gpuaudit {

namespace {

json differences(const std::vector<Difference>& ds) {
  json a = json::array();
  for (const auto& d : ds) a.push_back({{"what", d.what}, {"base", d.base}, {"new", d.next}});
  return a;
}

}  // namespace

json compare_json(const Comparison& c) {
  json j;
  j["schema"] = "gpuaudit.compare/1";
  j["base"] = {{"files", c.base_names}, {"created_utc", c.base_created_utc}, {"hardware", c.base_hardware}};
  j["new"] = {{"file", c.new_name}, {"created_utc", c.new_created_utc}, {"hardware", c.new_hardware}};
  j["hardware_differences"] = differences(c.hardware_differences);
  j["software_differences"] = differences(c.software_differences);
  j["tolerance"] = c.tolerance_text;
  j["alpha"] = c.alpha;
  json figs = json::array();
  for (const auto& f : c.figures) {
    json x;
    x["name"] = f.name;
    x["gpu"] = f.gpu;
    x["unit"] = f.unit;
    x["higher_is_better"] = f.higher_is_better;
    x["base"] = f.base_value;
    x["new"] = f.new_value;
    x["base_runs"] = f.base_runs;
    x["tolerance_pct"] = f.tolerance_pct;
    if (f.judgement) {
      x["change_pct"] = f.judgement->change_pct;
      x["noise_pct"] = f.judgement->noise_pct;
      x["threshold_pct"] = f.judgement->threshold_pct;
      x["p_value"] = f.judgement->p_value;
      x["method"] = f.judgement->method;
      x["significant"] = f.judgement->significant;
    }
    x["verdict"] = f.outcome;
    x["reason"] = f.reason;
    if (f.is_regression()) x["causes"] = f.causes;
    figs.push_back(std::move(x));
  }
  j["figures"] = std::move(figs);
  json counts = json::object();
  for (const char* o : {"regressed", "failed", "improved", "same", "missing", "new", "skipped"}) counts[o] = c.count(o);
  j["counts"] = std::move(counts);
  j["regression"] = c.has_regression();
  return j;
}

}  // namespace gpuaudit
