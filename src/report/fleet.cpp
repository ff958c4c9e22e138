#include "report/fleet.hpp"

#include "report/fleet_stragglers.hpp"

#include "core/error.hpp"
#include "core/figure_catalogue.hpp"
#include "core/figure_label.hpp"
#include "core/stats.hpp"
#include "report/fleet_stragglers.hpp"
#include "report/healthy_reference.hpp"
#include "report/soak_series.hpp"
#include "watch/watch_document.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace gpuaudit {

std::vector<std::string> parse_group_by(const std::string& spec) {
  std::vector<std::string> keys;
  std::stringstream ss(spec);
  std::string k;
  while (std::getline(ss, k, ',')) {
    const auto b = k.find_first_not_of(" \t");
    if (b == std::string::npos) throw input_error("--group-by: empty key in \"" + spec + "\"");
    k = k.substr(b, k.find_last_not_of(" \t") - b + 1);
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  }
  return keys;  // empty: everything in one group
}

std::string group_value(const ResultDocument& d, const std::string& key) {
  auto tag = [&](const std::string& k) -> std::string {
    const auto it = d.tags.find(k);
    return it == d.tags.end() ? "" : it->second;
  };
  std::string v = tag(key);
  if (v.empty()) {
    if (key == "provider") v = d.host.provider_guess;
    else if (key == "instance") v = d.host.product_name;
    else if (key == "gpu_count") v = std::to_string(d.gpus.size());
    else if (key == "gpu") {
      std::set<std::string> models;
      for (const auto& g : d.gpus) {
        std::string m = g.name.empty() ? "unnamed GPU" : g.name;
        if (g.mig.is_mig_device) m += " MIG " + g.mig.profile.value_or("?");
        models.insert(m);
      }
      for (const auto& m : models) v += (v.empty() ? "" : " + ") + m;
      if (v.empty()) v = "no GPU";
    }
  }
  return v.empty() ? "unknown" : v;
}

std::optional<Spread> spread_of(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  Spread s;
  s.n = static_cast<int>(values.size());
  s.median = median_of(values);
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.min = *lo;
  s.max = *hi;
  return s;
}

std::optional<double> total_over_gpus(const ResultDocument& d, const std::string& name) {
  double sum = 0;
  std::set<int> measured;
  for (const auto& b : d.benchmarks)
    if (b.name == name && b.gpu && b.value() && measured.insert(*b.gpu).second) sum += *b.value();
  if (measured.empty()) return std::nullopt;
  const size_t listed = d.gpus.size();
  if (listed > measured.size()) return sum / static_cast<double>(measured.size()) * static_cast<double>(listed);
  return sum;
}

std::optional<RunCost> run_cost(const ResultDocument& d) {
  if (!d.price_per_hour || *d.price_per_hour <= 0) return std::nullopt;
  RunCost c;
  c.price_per_hour = *d.price_per_hour;
  // "eur" from an older run and "EUR" are one currency.
  c.currency = d.currency && !d.currency->empty() ? *d.currency : "USD";
  for (char& ch : c.currency) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  c.bf16_tflops = total_over_gpus(d, "gemm/bf16");
  c.hbm_gbs = total_over_gpus(d, "hbm/copy");
  if (const auto* all = d.find("pcie/h2d_all", std::nullopt); all && all->value()) c.host_copy_gbs = all->value();
  else c.host_copy_gbs = total_over_gpus(d, "pcie/h2d_pinned");
  auto per = [&](const std::optional<double>& amount, double scale) -> std::optional<double> {
    if (!amount || *amount <= 0) return std::nullopt;
    return c.price_per_hour / (*amount / scale);
  };
  c.per_bf16_pflop_hour = per(c.bf16_tflops, 1000.0);
  c.per_hbm_tbs_hour = per(c.hbm_gbs, 1000.0);
  c.per_host_copy_gbs_hour = per(c.host_copy_gbs, 1.0);
  return c;
}

const FigureStats* Group::figure(const std::string& name) const {
  for (const auto& f : figures)
    if (f.name == name) return &f;
  return nullptr;
}

namespace {

// The rows of one document the report aggregates: the first entry per figure and GPU, except that
// a figure with variants (nccl/allreduce in float and bf16, in and out of place, over 2 ... N GPUs)
// is represented by one comparable row — float, out of place, over the most GPUs — so runs on
// different machines are compared like for like.
std::vector<const BenchmarkResult*> report_rows(const ResultDocument& d) {
  std::vector<const BenchmarkResult*> rows;
  std::map<std::pair<std::string, std::optional<int>>, std::size_t> at;
  auto gpus = [](const BenchmarkResult& b) { return b.params.is_object() ? b.params.value("gpus", 0) : 0; };
  for (const auto& b : d.benchmarks) {
    if (!b.value()) continue;
    const auto& names = fleet_report_figures();
    if (std::find(names.begin(), names.end(), b.name) == names.end()) continue;
    const std::string variant = figure_variant(b);
    if (!variant.empty() && variant != " float") continue;
    const auto key = std::make_pair(b.name, b.gpu);
    if (auto it = at.find(key); it == at.end()) {
      at[key] = rows.size();
      rows.push_back(&b);
    } else if (!b.gpu && gpus(b) > gpus(*rows[it->second])) {
      rows[it->second] = &b;
    }
  }
  return rows;
}

void fill_group(Group& g, const std::vector<RunDigest>& runs) {
  std::map<std::string, FigureStats> figs;
  std::map<std::string, std::pair<double, double>> healthy;  // figure -> lowest, highest reference
  std::set<std::string> without_healthy;                     // a GPU of the group had none
  std::vector<double> delivered;
  std::map<std::string, int> currencies;
  std::vector<const RunCost*> costs;
  for (size_t i : g.runs) {
    const RunDigest& d = runs[i];
    g.gpus += d.gpus;
    g.synthetic += d.synthetic;
    for (const RunDigest::Row& row : d.rows) {
      const std::string& name = fleet_report_figures()[row.figure];
      const std::string& unit = d.units[row.unit];
      auto& f = figs[name];
      if (f.name.empty()) {
        f.name = name;
        f.unit = unit;
        f.higher_is_better = row.higher_is_better;
      }
      if (unit != f.unit) continue;  // a unit change would mix apples and pears
      f.values.push_back(row.value);
      if (std::isnan(row.healthy)) {
        without_healthy.insert(name);
      } else {
        const auto [h, fresh] = healthy.try_emplace(name, row.healthy, row.healthy);
        h->second.first = std::min<double>(h->second.first, row.healthy);
        h->second.second = std::max<double>(h->second.second, row.healthy);
      }
    }
    if (d.scored) {
      ++g.scored;
      for (const auto& id : d.finding_ids) ++g.findings[id];
      if (d.delivered_pct) delivered.push_back(*d.delivered_pct);
    }
    if (d.cost) {
      ++currencies[d.cost->currency];
      costs.push_back(&*d.cost);
    }
  }
  for (const auto& name : fleet_report_figures()) {
    auto it = figs.find(name);
    if (it == figs.end() || it->second.values.empty()) continue;
    it->second.spread = *spread_of(it->second.values);
    if (const auto h = healthy.find(name); h != healthy.end() && !without_healthy.count(name) &&
                                           h->second.first == h->second.second)
      it->second.healthy = h->second.first;
    g.figures.push_back(std::move(it->second));
  }
  g.delivered_pct = spread_of(delivered);

  // One currency per group: the most common one; documents priced otherwise are counted, not mixed in.
  if (currencies.empty()) return;
  g.currency = std::max_element(currencies.begin(), currencies.end(),
                                [](const auto& a, const auto& b) { return a.second < b.second; })->first;
  std::vector<double> price, pflop, tbs, gbs;
  for (const RunCost* c : costs) {
    if (c->currency != g.currency) {
      ++g.other_currency;
      continue;
    }
    ++g.priced;
    price.push_back(c->price_per_hour);
    if (c->per_bf16_pflop_hour) pflop.push_back(*c->per_bf16_pflop_hour);
    if (c->per_hbm_tbs_hour) tbs.push_back(*c->per_hbm_tbs_hour);
    if (c->per_host_copy_gbs_hour) gbs.push_back(*c->per_host_copy_gbs_hour);
  }
  g.price_per_hour = spread_of(price);
  g.per_bf16_pflop_hour = spread_of(pflop);
  g.per_hbm_tbs_hour = spread_of(tbs);
  g.per_host_copy_gbs_hour = spread_of(gbs);
}

}  // namespace

RunDigest digest_run(const std::string& path, const ResultDocument& d, const std::vector<std::string>& group_by,
                     const HealthyReference* healthy) {
  RunDigest r;
  r.path = path;
  r.node = d.host.hostname.empty() ? std::filesystem::path(path).filename().string() : d.host.hostname;
  for (const auto& k : group_by) r.key_values.push_back(group_value(d, k));
  r.gpus = static_cast<int>(d.gpus.size());
  r.synthetic = d.synthetic;
  const auto& names = fleet_report_figures();
  for (const BenchmarkResult* b : report_rows(d)) {
    RunDigest::Row row;
    row.figure = static_cast<std::uint8_t>(std::find(names.begin(), names.end(), b->name) - names.begin());
    auto u = std::find(r.units.begin(), r.units.end(), b->unit);
    if (u == r.units.end()) u = r.units.insert(r.units.end(), b->unit);
    row.unit = static_cast<std::uint8_t>(u - r.units.begin());
    row.higher_is_better = b->higher_is_better;
    row.value = *b->value();
    if (healthy && b->gpu)
      for (const auto& g : d.gpus)
        if (g.index == *b->gpu) {
          if (const auto h = healthy->of(g, b->name, b->unit)) row.healthy = static_cast<float>(*h);
          break;
        }
    r.rows.push_back(row);
  }
  r.rows.shrink_to_fit();
  if (d.assessment) {
    r.scored = true;
    for (const auto& f : d.assessment->findings)
      if (std::find(r.finding_ids.begin(), r.finding_ids.end(), f.id) == r.finding_ids.end()) r.finding_ids.push_back(f.id);
    if (d.assessment->delivered_fraction) r.delivered_pct = 100.0 * *d.assessment->delivered_fraction;
    r.headline = d.assessment->headline;
  }
  r.cost = run_cost(d);
  r.created_utc = d.created_utc;
  r.soak = read_soak(d);
  r.has_soak = r.soak.has_value();
  r.watch = read_watch(d);
  r.has_watch = r.watch.has_value();
  return r;
}

std::vector<RunDigest> digest_runs(const std::vector<LoadedRun>& runs, const std::vector<std::string>& group_by) {
  std::vector<RunDigest> out;
  out.reserve(runs.size());
  for (const auto& r : runs) out.push_back(digest_run(r.path, r.doc, group_by));
  return out;
}

FleetReport build_fleet_report(const std::vector<LoadedRun>& runs, const std::vector<std::string>& group_by) {
  return build_fleet_report(digest_runs(runs, group_by), group_by);
}

FleetReport build_fleet_report(const std::vector<RunDigest>& runs, const std::vector<std::string>& group_by) {
  FleetReport r;
  r.group_by = group_by;
  r.run_count = runs.size();
  std::map<std::vector<std::string>, size_t> index;
  for (size_t i = 0; i < runs.size(); ++i) {
    const std::vector<std::string>& key = runs[i].key_values;
    auto [it, inserted] = index.try_emplace(key, r.groups.size());
    if (inserted) {
      Group g;
      g.key_values = key;
      for (const auto& v : key) g.label += (g.label.empty() ? "" : " / ") + v;
      if (g.label.empty()) g.label = "all runs";
      r.groups.push_back(std::move(g));
    }
    r.groups[it->second].runs.push_back(i);
  }
  std::set<std::string> names, ids;
  for (auto& g : r.groups) {
    fill_group(g, runs);
    g.stragglers = straggler_nodes(g, runs);
    r.synthetic += g.synthetic;
    for (const auto& f : g.figures) names.insert(f.name);
    for (const auto& [id, n] : g.findings) ids.insert(id);
  }
  std::sort(r.groups.begin(), r.groups.end(), [](const Group& a, const Group& b) { return a.key_values < b.key_values; });
  for (const auto& n : fleet_report_figures())
    if (names.count(n)) r.figure_names.push_back(n);
  r.finding_ids.assign(ids.begin(), ids.end());
  return r;
}

}  // namespace gpuaudit
