// gpuaudit report RUN...: many documents, one summary per group (provider, region, GPU, ...),
// with costs; optionally a self-contained HTML page with SVG charts, and CSV.
#include "baselines/baseline_set.hpp"
#include "cli/command.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/names.hpp"
#include "core/result.hpp"
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "report/healthy_reference.hpp"
#include "report/load_runs.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "text/terminal.hpp"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

namespace gpuaudit::cli {
namespace {

struct ReportArgs {
  std::vector<std::string> runs;
  std::string group_by = kDefaultGroupBy;
  std::string html, csv;
  std::string baselines;  // --baselines DIR: the healthy-card marks of the HTML
  bool skip_invalid = false;
  bool quiet = false;
  bool json = false;
};

int run_report(const ReportArgs& a) {
  const auto keys = parse_group_by(a.group_by);
  // One output per stream: --html - or --csv - takes stdout, and the summary goes to stderr.
  const std::string on_stdout = stdout_output({{"--html", a.html}, {"--csv", a.csv}});
  if (a.json && !on_stdout.empty())
    throw input_error("--json and " + on_stdout + " - both write to standard output: give " + on_stdout + " a file");
  const HtmlOptions html{.generated_utc = utc_now_iso8601()};
  // The installed baselines, read once, serve twice: documents without an assessment (imported
  // outputs) are scored as `gpuaudit score` would, so their findings count instead of "-"; and the
  // HTML marks what a healthy card of each model delivers. A report without them is still a report.
  std::optional<BaselineSet> baselines;
  std::optional<HealthyReference> healthy;
  try {
    baselines = load_baselines(a.baselines.empty() ? default_baselines_dir() : std::filesystem::path(a.baselines));
    if (!a.html.empty()) healthy.emplace(reference_lookup(*baselines));
  } catch (const Error& e) {
    if (!a.baselines.empty()) throw;
    std::fprintf(stderr, "gpuaudit: documents without an assessment stay unscored%s (%s)\n",
                 a.html.empty() ? "" : " and the HTML has no healthy-card marks", e.what());
  }
  LoadOptions load;
  load.skip_invalid = a.skip_invalid;
  std::optional<ReferenceLookup> lookup;
  if (baselines) {
    lookup.emplace(reference_lookup(*baselines));
    load.assess_unscored = [&](ResultDocument& doc) { score_document(doc, *lookup, baselines->version, Thresholds{}); };
  }
  // Streamed: each document is read, reduced to what the report needs and dropped (load_runs.hpp).
  const auto runs = load_run_digests(a.runs, load, keys, html.max_soak_runs, healthy ? &*healthy : nullptr);
  // A key that is no built-in and no document's tag would only make one group called "unknown".
  std::vector<std::string> tag_keys;
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (const auto& r : runs)
      if (i < r.key_values.size() && r.key_values[i] != "unknown") {
        tag_keys.push_back(keys[i]);
        break;
      }
  check_group_keys(keys, tag_keys);
  const FleetReport report = build_fleet_report(runs, keys);
  if (!a.csv.empty()) write_file_atomic(a.csv, fleet_csv(report));
  if (!a.html.empty()) write_file_atomic(a.html, fleet_html(report, runs, html));
  if (a.json) {
    const std::string text = fleet_json(report).dump(2) + "\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
  } else if (!a.quiet) {
    const std::string text = fleet_text(report, terminal_width(on_stdout.empty() ? 1 : 2));
    std::fwrite(text.data(), 1, text.size(), on_stdout.empty() ? stdout : stderr);
  }
  // On stderr, so that stdout stays the summary alone.
  for (const auto* file : {&a.html, &a.csv})
    if (!file->empty() && !writes_to_stdout(*file)) std::fprintf(stderr, "gpuaudit: wrote %s\n", file->c_str());
  return exit_code::ok;
}

const RegisterCommand report_cmd{
    {"report", "Summarise many results by provider, region, GPU: figures, findings, cost; HTML and CSV", 50,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<ReportArgs>();
       sub.add_option("RUN", a->runs, "Result documents, or folders searched for *.json")->required();
       sub.add_option("--group-by", a->group_by,
                      "Comma-separated: provider, region, gpu, instance, gpu_count, or any tag name "
                      "(default provider,region,gpu; \"\" for one group)");
       sub.add_option("--html", a->html, "Write a self-contained HTML report with SVG charts");
       sub.add_option("--csv", a->csv, "Write one CSV row per group");
       sub.add_option("--baselines", a->baselines,
                      "Folder of baselines for the HTML's healthy-card marks (default: the installed set)");
       sub.add_flag("--skip-invalid", a->skip_invalid,
                    "Skip unreadable or foreign documents with a warning instead of stopping (exit 2)");
       sub.add_flag("-q,--quiet", a->quiet, "Do not print the text summary");
       sub.add_flag("--json", a->json, "Print the summary as JSON (\"schema\": \"gpuaudit.report/1\") instead of the text");
       sub.footer(
           "Cost per dense-BF16 PFLOP/s-hour = price per hour / (sum of gemm/bf16 TFLOP/s / 1000); likewise per\n"
           "TB/s of hbm/copy and per GB/s of host copy. See docs/report.md.");
       return [a] { return run_report(*a); };
     },
     {{0, "written"}, {2, "bad input (a file that is not a result document is named)"}, {5, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
