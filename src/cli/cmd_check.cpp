// gpuaudit check: the fastest meaningful verdict, for a scheduler's health check (Slurm
// HealthCheckProgram / prolog / epilog, a Kubernetes DaemonSet): the inventory and the state rules,
// plus a few seconds of key figures on GPUs nobody else uses. One NHC-style line; exit 0 pass
// (OK or WARN), 1 fail (or WARN with --strict). A GPU another process uses is never loaded:
// it gets the state rules only, and the line says so, unless --force. docs/check.md.
#include "baselines/baseline_set.hpp"
#include "check/health.hpp"
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/figure_catalogue.hpp"
#include "core/join.hpp"
#include "probe/inventory.hpp"
#include "report/prometheus.hpp"
#include "run/suite.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "text/terminal.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct CheckArgs {
  std::string figures = join(figures_in_group(kCheckGroup), ",");  // the figure catalogue's check group
  bool state_only = false, force = false, strict = false, verbose = false, json = false;
  std::string baselines, output, prometheus;
  std::vector<std::string> tags;
};

std::string join_indices(const std::vector<int>& v) {
  std::string s;
  for (int i : v) s += (s.empty() ? "" : ",") + std::to_string(i);
  return s;
}

// Measures the selected figures on `gpus` only; returns how many figures came back.
size_t measure(ResultDocument& doc, const std::vector<std::string>& figures, const std::vector<int>& gpus) {
  RunOptions opt;
  opt.mode = "quick";
  opt.only = figures;
  opt.gpus = gpus;
  std::atomic<bool> never{false};
  RunContext ctx(opt, doc, [] {}, never);
  auto& suites = suite_registry();
  std::stable_sort(suites.begin(), suites.end(), [](const Suite& x, const Suite& y) { return x.order < y.order; });
  for (const auto& s : suites)
    if (s.needs_gpu && suite_selected(s, opt.only)) s.run(ctx);
  return doc.benchmarks.size();
}

int run_check(const CheckArgs& a) {
  // -o - or --prometheus - takes stdout (never both); the one-line verdict then goes to stderr.
  const std::string on_stdout = stdout_output({{"-o", a.output}, {"--prometheus", a.prometheus}});
  if (a.json && !on_stdout.empty())
    throw input_error("--json and " + on_stdout + " - both write to standard output: give " + on_stdout + " a file");
  const bool line_aside = !on_stdout.empty();
  FILE* line_to = line_aside ? stderr : stdout;
  const BaselineSet set = load_baselines(a.baselines.empty() ? default_baselines_dir() : std::filesystem::path(a.baselines));
  const NvmlLoad nvml = load_nvml();
  const CudaProbe cuda = probe_cuda();
  ResultDocument doc = take_machine_inventory(nvml, cuda, 0);
  doc.mode = "custom";
  apply_tags(doc, a.tags);

  // Figures only where nobody else works, and only where this build can measure at all.
  const std::vector<int> busy = busy_gpus(doc);
  std::vector<int> idle;
  for (const auto& g : doc.gpus)
    if (a.force || std::find(busy.begin(), busy.end(), g.index) == busy.end()) idle.push_back(g.index);
  std::string note;
  const bool measurable = !gpu_unusable(doc.gpu_status) && doc.gpu_status.state != "not-built" && !doc.gpus.empty();
  if (a.state_only) note = "state only";
  else if (doc.gpu_status.state == "not-built") note = "state only: this gpuaudit is built without CUDA";
  if (!a.state_only && measurable) {
    if (!busy.empty() && !a.force)
      note = "state only on GPU" + std::string(busy.size() > 1 ? "s " : " ") + join_indices(busy) +
             ": in use by another process";
    if (!idle.empty()) measure(doc, split_list(a.figures), idle);
  }
  score_document(doc, reference_lookup(set), set.version, Thresholds{});

  const HealthVerdict v = health_verdict(doc, note);
  const int code = v.level == HealthLevel::fail || (v.level == HealthLevel::warn && a.strict) ? exit_code::finding : exit_code::ok;
  if (a.json) {  // the same verdict as data: level, line, details, exit code and the assessment
    json j = {{"schema", "gpuaudit.check/1"}, {"level", health_level_name(v.level)}, {"line", v.line},
              {"details", v.details}, {"exit_code", code}};
    j["assessment"] = doc.assessment ? json(*doc.assessment) : json(nullptr);
    std::fputs((j.dump(2) + "\n").c_str(), stdout);
  } else {
    std::fputs(health_text(v, a.verbose, terminal_width(fileno(line_to))).c_str(), line_to);
  }
  std::fflush(line_to);
  // Where each output went, on stderr: stdout stays the one line a scheduler parses.
  if (!a.output.empty()) {
    write_result(a.output, doc);
    if (!writes_to_stdout(a.output)) std::fprintf(stderr, "gpuaudit: wrote %s\n", a.output.c_str());
  }
  if (!a.prometheus.empty()) {
    write_prometheus_textfile(a.prometheus, doc);
    if (!writes_to_stdout(a.prometheus)) std::fprintf(stderr, "gpuaudit: wrote %s\n", a.prometheus.c_str());
  }
  return code;
}

const RegisterCommand check_cmd{
    {"check", "Health check for schedulers: state + a few seconds of key figures; one line, exit 0 pass / 1 fail", 15,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<CheckArgs>();
       sub.add_option("--figures", a->figures, "Figures measured on idle GPUs (default " + a->figures + ")");
       sub.add_flag("--state-only", a->state_only, "Measure nothing: inventory and state rules only (under a second)");
       sub.add_flag("--force", a->force, "Measure also GPUs other processes are using (disturbs them)");
       sub.add_flag("--strict", a->strict, "Exit 1 on WARN too (default: WARN passes, the line says why)");
       sub.add_flag("-v,--verbose", a->verbose, "Print every finding below the line");
       sub.add_flag("--json", a->json, "Print the verdict as JSON (level, line, details, exit code, assessment) instead of the line");
       sub.add_option("--baselines", a->baselines, "Folder of baselines (default: the installed set)");
       sub.add_option("--tag", a->tags, "key=value stored in the document");
       sub.add_option("-o,--output", a->output, "Also write the result document");
       sub.add_option("--prometheus", a->prometheus, "Also write a node_exporter textfile (docs/prometheus.md)");
       sub.footer(
           "Line: \"gpuaudit check: OK|WARN|FAIL <what>\". FAIL: faulty or unusable hardware (memory errors, a\n"
           "degraded PCIe or NVLink link, wrong results, no usable GPU). WARN: works, delivers less or cannot be\n"
           "judged (power cap, clock limit, heat, MIG slice, host-bound, old software, unknown model).");
       return [a] { return run_check(*a); };
     },
     {{0, "OK or WARN"}, {1, "FAIL (or WARN with --strict)"}, {2, "usage or bad baselines"}, {5, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
