// gpuaudit run: inventory, then every registered suite (host checks, GPU benchmarks, multi-GPU),
// saving the document after each figure; then the table and the assessment.
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "cli/validators.hpp"
#include "core/document_io.hpp"
#include "core/document_validate.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/names.hpp"
#include "multigpu/multinode.hpp"
#include "probe/gpu_select.hpp"
#include "probe/inventory.hpp"
#include "probe/workload_env.hpp"
#include "report/matrix_text.hpp"
#include "report/host_table.hpp"
#include "report/prometheus.hpp"
#include "report/results_text.hpp"
#include "run/plan.hpp"
#include "run/progress.hpp"
#include "run/suite.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <unistd.h>

namespace gpuaudit::cli {
namespace {

struct RunArgs {
  bool quick = false, full = false;
  std::string only, gpus, output, disk, currency;
  std::vector<std::string> tags;
  double price = -1;
  bool nccl_multinode = false;
  bool sequential = false;
  bool list = false;
  bool progress = false;   // step lines with an ETA even when stderr is no terminal
  bool verbose = false;    // -v: every GPU figure with its clocks, power and clock events
  bool record_env = false; // --record-env: the job-steering variables (probe/workload_env.hpp)
  bool json = false;       // --json: the document on stdout, as -o -
  std::string prometheus;  // --prometheus FILE
};

// Every --only entry must name at least one figure this build can measure: a typo ("--only hmb")
// is a usage error before anything runs, not a silent run of nothing.
void check_only_entries(const std::vector<std::string>& only) {
  bool gpu_built = false;
  for (const auto& s : suite_registry()) gpu_built |= s.needs_gpu;
  for (const auto& o : only) {
    bool known = false;
    for (const auto& s : suite_registry()) known |= suite_selected(s, {o});
    if (!known)
      throw input_error("--only: \"" + o + "\" names no measurement of this build (" +
                        (gpu_built ? "gpuaudit run --list shows them" : "built without CUDA: only host/*") + ")");
  }
}

// --disk names the folder the dataset lives on: one that does not exist is a typo to refuse before
// anything runs (like -o), not a run that ends "no key figure measured" with an error row.
// Other failures (no permission, too little space) show only when the disk check tries.
void check_disk_folder(const std::string& disk) {
  if (disk.empty()) return;
  std::error_code ec;
  const auto st = std::filesystem::status(disk, ec);
  if (ec || !std::filesystem::exists(st)) throw input_error("--disk: no such folder: " + disk);
  if (!std::filesystem::is_directory(st)) throw input_error("--disk: " + disk + " is not a folder (name the folder on the dataset's disk)");
}

// --list: what --only can name, suite by suite, in run order.
int list_measurements() {
  auto suites = suite_registry();
  std::stable_sort(suites.begin(), suites.end(), [](const Suite& x, const Suite& y) { return x.order < y.order; });
  std::vector<std::string> printed;
  for (const auto& s : suites) {
    if (!s.measurements || std::find(printed.begin(), printed.end(), s.name) != printed.end()) continue;
    printed.push_back(s.name);
    std::printf("%s%s:\n", s.name.c_str(), s.needs_gpu ? " (needs a GPU)" : "");
    for (const auto& name : s.measurements()) std::printf("  %s\n", name.c_str());
  }
  return exit_code::ok;
}

int run_run(const RunArgs& a) {
  if (a.list) return list_measurements();
  if (a.quick && a.full) throw input_error("--quick and --full exclude each other");
  RunOptions opt;
  opt.mode = a.full ? "full" : "quick";
  opt.only = split_list(a.only);
  check_only_entries(opt.only);
  check_disk_folder(a.disk);
  const std::string currency = a.currency.empty() ? std::string() : normalize_currency(a.currency, "--currency");
  opt.disk_path = a.disk;
  opt.nccl_multinode = a.nccl_multinode;
  opt.sequential = a.sequential;
  const std::vector<std::string> wanted_gpus = parse_gpu_selectors(a.gpus);

  // From before the inventory (which takes a second or more): SIGINT or SIGTERM at any point
  // ends the run with its document written and exit 130 or 143, never with no file.
  std::optional<CtrlC> ctrl_c(std::in_place);
  const std::atomic<bool>& interrupted = ctrl_c->flag();
  const NvmlLoad nvml = load_nvml();
  CudaProbe cuda = probe_cuda();
  probe_cuda_libraries(cuda);  // which cuBLASLt and NCCL were found, for the document
  ResultDocument doc = take_machine_inventory(nvml, cuda, 1.0);
  doc.mode = a.only.empty() ? opt.mode : opt.mode + "+only";
  apply_tags(doc, a.tags);
  if (a.record_env) doc.extra["workload_env"] = workload_environment(process_environment());
  if (a.price >= 0) doc.price_per_hour = a.price;
  if (!currency.empty()) doc.currency = currency;
  opt.gpus = select_gpus(wanted_gpus, doc.gpus);

  // Under mpirun/srun (--nccl-multinode): join the job; every rank but 0 gets its own file name.
  std::unique_ptr<multigpu::MultinodeRun> multinode;
  if (opt.nccl_multinode) multinode = multigpu::MultinodeRun::start(doc, opt.gpus);
  // Claimed (a default name) or locked (-o) for this run alone: two runs never share a file.
  const RunOutput output(a.output, "gpuaudit", doc.host.hostname, [&](const std::string& requested) {
    return multinode ? multinode->output_path(requested) : requested;
  });
  const std::string& out = output.path();
  // "-o -", /dev/stdout, a FIFO: one write at the end, since a checkpoint after every figure would
  // send one copy per figure; what run prints goes to stderr till then, so that stdout holds the
  // document only.
  const bool stream = output.stream();
  // -o - or --prometheus - takes stdout (never both: they would interleave); the run's text goes to
  // stderr, and that output is written once stdout is back.
  const std::string on_stdout = stdout_output({{"-o", out}, {"--prometheus", a.prometheus}});
  StdoutAside aside(!on_stdout.empty());
  if (!stream) write_result(out, doc);  // fails early (exit 5) on an unwritable path, before any measuring
  auto checkpoint = [&] {
    if (!stream) write_result(out, doc);
  };

  const bool gpu_ok = !gpu_unusable(doc.gpu_status) && doc.gpu_status.state != "not-built";
  bool wanted_gpu = false;
  RunContext ctx(opt, doc, checkpoint, interrupted);
  StderrProgress progress(a.progress || isatty(STDERR_FILENO) == 1);
  ctx.set_listener(&progress);
  auto& suites = suite_registry();
  std::stable_sort(suites.begin(), suites.end(), [](const Suite& x, const Suite& y) { return x.order < y.order; });
  // What will be measured, and why a GPU suite will not be: said once, here, before anything runs.
  const std::string plan = run_plan_text(make_run_plan(doc, suites, opt, gpu_ok, stream ? "-" : out));
  std::fwrite(plan.data(), 1, plan.size(), stderr);
  for (const auto& s : suites) {
    if (interrupted && !s.runs_after_interrupt) continue;
    if (!suite_selected(s, opt.only)) continue;
    if (s.needs_gpu) {
      wanted_gpu = true;
      if (!gpu_ok) continue;  // the plan said why
    }
    s.run(ctx);
  }
  ctx.set_listener(nullptr);
  const bool was_interrupted = interrupted.load();
  const int interrupted_code = ctrl_c->exit_status();
  const std::string signal_name = ctrl_c->signal_name();
  ctrl_c.reset();  // from here a Ctrl-C ends the process: the file is complete
  if (multinode) multinode->gather(doc);  // rank 0's document gets every rank's inventory and figures
  checkpoint();

  // One screen: the host checks, then the verdict with its figure table (the score hook). Every GPU
  // figure with its clocks, power and clock events comes with -v, or when no verdict follows (the
  // run was interrupted, or no baseline set scored it).
  const auto print = [](const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); };
  print(a.verbose ? results_table(doc) : host_table(doc));
  int code = exit_code::ok;
  if (!was_interrupted)
    for (auto& hook : post_run_hooks()) code = std::max(code, hook(doc));
  if (!a.verbose && !doc.assessment) {
    const std::string gpu = gpu_results_table(doc);
    print((gpu.empty() ? "" : "\n") + gpu);
  }
  print(multigpu_tables_text(doc));  // the p2p matrix and nccl-tests' per-size table
  if (!stream) write_result(out, doc);  // with the assessment
  std::printf("\nresult: %s\n", out.c_str());
  if (!a.prometheus.empty() && on_stdout != "--prometheus") {
    write_prometheus_textfile(a.prometheus, doc);
    std::printf("prometheus: %s\n", a.prometheus.c_str());
  }
  aside.restore();
  if (stream) write_result(out, doc);  // its only write, with the assessment
  if (on_stdout == "--prometheus") write_prometheus_textfile(a.prometheus, doc);

  if (was_interrupted) {
    std::fprintf(stderr, "gpuaudit: interrupted; what was measured is in %s (%s)\n", out.c_str(), signal_name.c_str());
    return interrupted_code;
  }
  for (const auto& b : doc.benchmarks)
    if (b.status == "check-failed") return exit_code::check_failed;
  if (wanted_gpu && !gpu_ok) {
    // The reason itself is in the verdict above: said once.
    std::fprintf(stderr, "gpuaudit: no usable GPU (%s); what was measured is in %s\n", doc.gpu_status.state.c_str(), out.c_str());
    return exit_code::no_gpu;
  }
  // A figure that was asked for and could not be measured must not let a CI job pass: the
  // verdict would rest on what is left. (not-applicable and skipped rows are no error.)
  std::vector<std::string> errored;
  for (const auto& b : doc.benchmarks)
    if (b.status == "error") errored.push_back(b.name + (b.gpu ? " on GPU " + std::to_string(*b.gpu) : ""));
  if (!errored.empty()) {
    std::fprintf(stderr, "gpuaudit: %zu measurement%s could not run (%s%s); see their messages in %s\n", errored.size(),
                 errored.size() == 1 ? "" : "s", errored.front().c_str(), errored.size() > 1 ? ", ..." : "", out.c_str());
    return exit_code::measurement_error;
  }
  return code;
}

const RegisterCommand run_cmd{
    {"run", "Measure this machine: host checks and every GPU, then score; writes a result document", 20,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<RunArgs>();
       sub.add_flag("--quick", a->quick, "Every family once, short budgets (default; ~1 min per GPU)");
       sub.add_flag("--full", a->full, "Longer budgets, larger sweeps and the full-only families (~5 min per GPU)");
       sub.add_option("--only", a->only, "Comma-separated names or prefixes: hbm,gemm/bf16,host");
       sub.add_option("--gpus", a->gpus,
                      "GPUs to measure (default: all): indices in nvidia-smi's order, UUIDs (GPU-..., MIG-...) or PCI bus "
                      "ids, comma-separated");
       sub.add_option("--tag", a->tags, "key=value stored in the document (provider, region, instance, ...)");
       sub.add_flag("--record-env", a->record_env,
                    "Store the NCCL_*, CUDA_*, NVIDIA_*, UCX_*, FI_* variables, LD_LIBRARY_PATH and OMP_NUM_THREADS (no secrets) "
                    "for drift");
       sub.add_option("--price-per-hour", a->price, "What the instance costs per hour, for cost per unit of work")
           ->check(between(0, kMaxPricePerHour));  // what a document may hold (core/document_validate.hpp)
       sub.add_option("--currency", a->currency, "Currency of --price-per-hour (default USD)");
       sub.add_option("--disk", a->disk, "Folder on the dataset's disk for host/disk (default: skip)");
       sub.add_option("-o,--output", a->output, "Result file (default gpuaudit-<host>-<time>.json)");
       sub.add_flag("--sequential", a->sequential,
                    "Measure one GPU after another (default: each benchmark on all selected GPUs at once)");
       sub.add_flag("--nccl-multinode", a->nccl_multinode, "Under mpirun/srun: one NCCL communicator across nodes");
       sub.add_flag("--list", a->list, "List what --only can name, suite by suite, and exit");
       sub.add_flag("-v,--verbose", a->verbose, "Print every GPU figure with its clocks, power and clock events (default: one screen)");
       sub.add_flag("--progress", a->progress, "Show each step and the time left on stderr even when it is no terminal");
       sub.add_option("--prometheus", a->prometheus, "Also write a node_exporter textfile (docs/prometheus.md)");
       sub.add_flag("--json", a->json, "The result document on standard output, as -o - (the text goes to stderr)");
       return [a] {
         if (a->json && !a->output.empty() && a->output != "-")
           throw input_error("--json writes the document to standard output: leave out -o " + a->output + ", or --json");
         if (a->json) a->output = "-";
         return run_run(*a);
       };
     },
     {{0, "healthy"}, {1, "a finding"}, {2, ""}, {3, ""}, {4, ""}, {5, ""}, {6, ""}, {7, ""}, {130, ""}, {143, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
