// gpuaudit run: inventory, then every registered suite (host checks, GPU benchmarks, multi-GPU),
// saving the document after each figure; then the table and the assessment.
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "multigpu/multinode.hpp"
#include "probe/inventory.hpp"
#include "report/prometheus.hpp"
#include "report/results_text.hpp"
#include "run/suite.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>

namespace gpuaudit::cli {
namespace {

struct RunArgs {
  bool quick = false, full = false;
  std::string only, gpus, output, disk, currency;
  std::vector<std::string> tags;
  double price = -1;
  bool nccl_multinode = false;
  bool list = false;
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
  opt.disk_path = a.disk;
  opt.nccl_multinode = a.nccl_multinode;
  opt.gpus = parse_gpu_indices(a.gpus);

  const NvmlLoad nvml = load_nvml();
  const CudaProbe cuda = probe_cuda();
  ResultDocument doc = take_machine_inventory(nvml, cuda, 1.0);
  doc.mode = a.only.empty() ? opt.mode : opt.mode + "+only";
  apply_tags(doc, a.tags);
  if (a.price >= 0) doc.price_per_hour = a.price;
  if (!a.currency.empty()) doc.currency = a.currency;
  check_gpu_indices(opt.gpus, doc);

  // Under mpirun/srun (--nccl-multinode): join the job; every rank but 0 gets its own file name.
  std::unique_ptr<multigpu::MultinodeRun> multinode;
  if (opt.nccl_multinode) multinode = multigpu::MultinodeRun::start(doc, opt.gpus);
  const std::string requested = a.output.empty() ? default_output("gpuaudit", doc.host.hostname) : a.output;
  const std::string out = multinode ? multinode->output_path(requested) : requested;
  write_result(out, doc);  // fails early (exit 5) on an unwritable path, before any measuring
  auto checkpoint = [&] { write_result(out, doc); };

  const bool gpu_ok = !gpu_unusable(doc.gpu_status) && doc.gpu_status.state != "not-built";
  bool wanted_gpu = false;
  std::optional<CtrlC> ctrl_c(std::in_place);
  const std::atomic<bool>& interrupted = ctrl_c->flag();
  RunContext ctx(opt, doc, checkpoint, interrupted);
  auto& suites = suite_registry();
  std::stable_sort(suites.begin(), suites.end(), [](const Suite& x, const Suite& y) { return x.order < y.order; });
  for (const auto& s : suites) {
    if (interrupted && !s.runs_after_interrupt) continue;
    if (!suite_selected(s, opt.only)) continue;
    if (s.needs_gpu) {
      wanted_gpu = true;
      if (!gpu_ok) {
        ctx.progress("skipping the " + s.name + " suite: " + doc.gpu_status.message);
        continue;
      }
    }
    s.run(ctx);
  }
  const bool was_interrupted = interrupted.load();
  ctrl_c.reset();  // from here a Ctrl-C ends the process: the file is complete
  if (multinode) multinode->gather(doc);  // rank 0's document gets every rank's inventory and figures
  checkpoint();

  const std::string table = results_table(doc);
  std::fwrite(table.data(), 1, table.size(), stdout);
  int code = exit_code::ok;
  if (!was_interrupted)
    for (auto& hook : post_run_hooks()) code = std::max(code, hook(doc));
  checkpoint();  // with the assessment
  if (!a.prometheus.empty()) write_prometheus_textfile(a.prometheus, doc);
  std::printf("\nresult: %s\n", out.c_str());

  if (was_interrupted) {
    std::fprintf(stderr, "gpuaudit: interrupted; what was measured is in %s\n", out.c_str());
    return exit_code::interrupted;
  }
  for (const auto& b : doc.benchmarks)
    if (b.status == "check-failed") return exit_code::check_failed;
  if (wanted_gpu && !gpu_ok) {
    std::fprintf(stderr, "gpuaudit: no usable GPU: %s\n", doc.gpu_status.message.c_str());
    return exit_code::no_gpu;
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
       sub.add_option("--gpus", a->gpus, "Comma-separated GPU indices to measure (default: all)");
       sub.add_option("--tag", a->tags, "key=value stored in the document (provider, region, instance, ...)");
       sub.add_option("--price-per-hour", a->price, "What the instance costs per hour, for cost per unit of work")
           ->check(CLI::NonNegativeNumber);
       sub.add_option("--currency", a->currency, "Currency of --price-per-hour (default USD)");
       sub.add_option("--disk", a->disk, "Folder on the dataset's disk for host/disk (default: skip)");
       sub.add_option("-o,--output", a->output, "Result file (default gpuaudit-<host>-<time>.json)");
       sub.add_flag("--nccl-multinode", a->nccl_multinode, "Under mpirun/srun: one NCCL communicator across nodes");
       sub.add_flag("--list", a->list, "List what --only can name, suite by suite, and exit");
       sub.add_option("--prometheus", a->prometheus, "Also write a node_exporter textfile (docs/prometheus.md)");
       return [a] { return run_run(*a); };
     }}};

}  // namespace
}  // namespace gpuaudit::cli
