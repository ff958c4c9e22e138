// `gpuaudit report`: many result documents (many instances, regions, providers) summarised per
// group: the median and spread of each key figure, the findings seen, and what a unit of work
// costs. Rendering lives in fleet_text / fleet_csv / fleet_html.
#pragma once

#include "core/result.hpp"
#include "soak/timeline.hpp"
#include "watch/watch_record.hpp"

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct LoadedRun {
  std::string path;
  ResultDocument doc;
};

// Group keys: provider, region, gpu, instance, gpu_count, zone; any other word is read as a tag
// name (--group-by team reads tags["team"]). Throws Error(usage) on an empty key.
inline constexpr const char* kDefaultGroupBy = "provider,region,gpu";
std::vector<std::string> parse_group_by(const std::string& spec);
// provider: tag, else the provider gpuaudit guessed; instance: tag, else the DMI product name;
// gpu: the model (+ MIG profile); a missing value reads "unknown".
std::string group_value(const ResultDocument& doc, const std::string& key);

struct Spread {
  int n = 0;
  double median = 0, min = 0, max = 0;
};
std::optional<Spread> spread_of(const std::vector<double>& values);

struct FigureStats {
  std::string name;
  std::string unit;
  bool higher_is_better = true;
  std::vector<double> values;  // one per GPU (per document for host-wide figures)
  Spread spread;
  // What a healthy card of the group's model delivers (its baseline), when every GPU of the group
  // has one and they agree (one model); a group of several models gets none.
  std::optional<double> healthy;
};

// What one document's throughput costs, in its currency per hour of sustained work.
struct RunCost {
  double price_per_hour = 0;
  std::string currency;
  std::optional<double> bf16_tflops;     // sum over the document's GPUs
  std::optional<double> hbm_gbs;         // sum of hbm/copy
  std::optional<double> host_copy_gbs;   // pcie/h2d_all, else the sum of pcie/h2d_pinned
  std::optional<double> per_bf16_pflop_hour;  // price / (TFLOP/s / 1000)
  std::optional<double> per_hbm_tbs_hour;     // price / (GB/s / 1000)
  std::optional<double> per_host_copy_gbs_hour;  // price / GB/s
};
// Null without a price. Currency defaults to USD, as `gpuaudit run --currency` does.
std::optional<RunCost> run_cost(const ResultDocument& doc);
// Sum of a per-GPU figure over the document's GPUs; when fewer GPUs were measured than the
// document lists (--gpus 0 on an 8-GPU machine), the measured ones stand for the rest (the mean
// times the GPU count), because the price covers them all.
std::optional<double> total_over_gpus(const ResultDocument& doc, const std::string& name);

// What a report keeps of one document: its group key, its report figures, findings, cost and
// what the HTML lists — a few hundred bytes instead of the document, so 100,000 documents fit in
// bounded memory (docs/report.md). digest_run() makes it; the document can go right after.
struct RunDigest {
  std::string path;
  std::string node;  // the host's name, else the file's
  std::vector<std::string> key_values;  // group_value() of each --group-by key, in order
  int gpus = 0;
  bool synthetic = false;
  struct Row {
    std::uint8_t figure = 0;  // index into fleet_report_figures() (core/figure_catalogue.hpp)
    std::uint8_t unit = 0;    // index into units
    bool higher_is_better = true;
    float healthy = std::numeric_limits<float>::quiet_NaN();  // HealthyReference::of; NaN: none (4 bytes: fits the padding)
    double value = 0;
  };
  std::vector<Row> rows;           // report_rows() of the document
  std::vector<std::string> units;  // the units its rows use
  bool scored = false;
  std::vector<std::string> finding_ids;  // each once
  std::optional<double> delivered_pct;
  std::optional<RunCost> cost;
  std::string created_utc;
  std::string headline;
  bool has_soak = false;
  std::optional<SoakRecord> soak;  // the timeline, while the report still draws it (see keep_soak)
  bool has_watch = false;
  std::optional<WatchRecord> watch;  // `gpuaudit watch`'s timelines, kept as the soak's are
};
class HealthyReference;
// healthy: fills Row::healthy of per-GPU rows (the HTML's mark); null leaves them NaN.
RunDigest digest_run(const std::string& path, const ResultDocument& doc, const std::vector<std::string>& group_by,
                     const HealthyReference* healthy = nullptr);

// A document of a group whose figure is more than kStragglerMargin worse than the group's median of
// its documents (each document's own median over its GPUs): a slow node among its peers.
struct StragglerNode {
  std::size_t run = 0;      // index into the loaded runs
  std::string node;         // its RunDigest::node
  std::string figure, unit;
  double value = 0;          // the document's median over its GPUs
  double group_median = 0;   // the median of the group's documents
};

struct Group {
  std::vector<std::string> key_values;  // in --group-by order
  std::string label;                    // "aws / us-east-1 / NVIDIA H100 80GB HBM3"
  std::vector<size_t> runs;             // indices into the loaded runs
  int gpus = 0;                         // GPUs over all its documents
  std::vector<FigureStats> figures;     // in fleet_report_figures() order, only those present
  int scored = 0;                       // documents with an assessment
  std::map<std::string, int> findings;  // finding id -> documents with it
  std::optional<Spread> delivered_pct;  // assessment.delivered_fraction * 100
  std::string currency;                 // of the cost figures ("" without prices)
  int priced = 0;                       // documents with a price in that currency
  int other_currency = 0;               // priced in another currency: left out of the cost
  std::optional<Spread> price_per_hour;
  std::optional<Spread> per_bf16_pflop_hour, per_hbm_tbs_hour, per_host_copy_gbs_hour;
  int synthetic = 0;
  std::vector<StragglerNode> stragglers;  // report/fleet_stragglers.hpp

  const FigureStats* figure(const std::string& name) const;
};

struct FleetReport {
  std::vector<std::string> group_by;
  std::vector<Group> groups;             // sorted by label
  std::vector<std::string> figure_names;  // present in any group, report order
  std::vector<std::string> finding_ids;  // seen in any group, sorted
  size_t run_count = 0;
  int synthetic = 0;
};

FleetReport build_fleet_report(const std::vector<RunDigest>& runs, const std::vector<std::string>& group_by);
// The same from whole documents (tests, small reports).
FleetReport build_fleet_report(const std::vector<LoadedRun>& runs, const std::vector<std::string>& group_by);
std::vector<RunDigest> digest_runs(const std::vector<LoadedRun>& runs, const std::vector<std::string>& group_by);

}  // namespace gpuaudit
