// gpuaudit watch [options] -- CMD [ARGS...]: runs the renter's own job and watches the GPUs and the
// host while it runs, reads the job's throughput from its output, and says what held it back
// (watch/diagnose.hpp), with the cost per unit of its output. The job's exit code is returned.
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "cli/validators.hpp"
#include "core/document_io.hpp"
#include "core/document_validate.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "core/suggest.hpp"
#include "host/pid_namespace.hpp"
#include "probe/cuda_probe.hpp"
#include "probe/gpu_processes.hpp"
#include "probe/gpu_select.hpp"
#include "probe/inventory.hpp"
#include "score/installed_score.hpp"
#include "telemetry/nvml_reading.hpp"
#include "text/terminal.hpp"
#include "watch/diagnose.hpp"
#include "watch/progress_line.hpp"
#include "watch/under_load_rows.hpp"
#include "watch/watch_figures.hpp"
#include "watch/watch_loop.hpp"
#include "watch/watch_text.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>

namespace gpuaudit::cli {
namespace {

struct WatchArgs {
  std::string metric, gpus, output, currency;
  std::vector<std::string> tags;
  double price = -1;
  double interval_s = 0.5, gpu_interval_s = 0.1;
  bool verdict_exit = false;
  std::vector<int> pids;           // --pid: watch processes already running, as one job
  bool all_gpu_processes = false;  // every process NVML lists on the watched GPUs at the start
  bool progress = false;           // a live status line on the terminal
};

// --progress: one status line on the terminal (stderr), redrawn at each interval and cleared before
// the job's output passes through and at the end. Off when stderr is not a terminal.
class StatusLine {
 public:
  explicit StatusLine(bool wanted) : on_(wanted && ::isatty(STDERR_FILENO) == 1) {}
  bool on() const { return on_; }
  void show(const WatchRecord& r, std::optional<double> metric_now) {
    put("\r\033[K" + progress_line(r, metric_now, terminal_width(STDERR_FILENO)));
    shown_ = true;
  }
  void clear() {
    if (shown_) put("\r\033[K");
    shown_ = false;
  }

 private:
  static void put(const std::string& s) { (void)!::write(STDERR_FILENO, s.data(), s.size()); }
  bool on_ = false, shown_ = false;
};

// The GPUs to watch: their timelines (name, limits) and NVML handles; `why` when none can be read.
struct WatchedGpus {
  std::vector<WatchGpuTimeline> timelines;
  std::map<int, nvmlDevice_t> handles;  // the board's, for a MIG slice too
  std::set<int> mig_slices;               // whose board's process list holds other slices' processes
  std::string why;
};

WatchedGpus gpus_to_watch(const NvmlLoad& nvml, const ResultDocument& doc, const std::vector<std::string>& selectors) {
  WatchedGpus w;
  if (!nvml.loaded) {
    w.why = doc.gpu_status.message.empty() ? "NVML could not be loaded: " + nvml.error : doc.gpu_status.message;
    return w;
  }
  const std::vector<int> wanted = select_gpus(selectors, doc.gpus);
  std::vector<GpuInfo> chosen;
  for (const auto& g : doc.gpus)
    if (wanted.empty() || std::find(wanted.begin(), wanted.end(), g.index) != wanted.end()) chosen.push_back(g);
  w.handles = telemetry_handles(nvml.api, chosen);
  for (const auto& g : chosen) {
    if (!w.handles.count(g.index)) continue;
    WatchGpuTimeline t;
    t.gpu = g.index, t.name = g.name, t.power_limit_w = g.power.limit_w, t.numa_node = g.numa_node;
    if (g.mig.is_mig_device) w.mig_slices.insert(g.index);
    if (g.clocks.sm_max_mhz) t.sm_max_mhz = *g.clocks.sm_max_mhz;
    w.timelines.push_back(std::move(t));
  }
  if (w.timelines.empty())
    w.why = doc.gpu_status.message.empty() ? "NVML lists no GPU that can be read" : doc.gpu_status.message;
  return w;
}

int verdict_code(const WatchRecord& r) {
  for (const auto& d : r.diagnoses)
    if (d.id != "busy" && d.id != "host") return exit_code::finding;
  return exit_code::ok;
}

// Scores the document (the card under the job: the under-load rows; the watch's host-bound) and adds
// its one screen to `text`; nullopt when no baseline set could be read.
std::optional<int> score_watched(ResultDocument& doc, std::string& text) {
  try {
    const InstalledScore s = score_with_installed_baselines(doc, STDERR_FILENO);
    text += "\n" + s.screen;
    return s.exit_code;
  } catch (const Error& e) {
    text += "not scored: " + std::string(e.what()) + "\n";
    return std::nullopt;
  }
}

// What the job is: a command to start, or processes already running (--pid, --all-gpu-processes);
// throws on arguments that do not go together.
void check_job_args(const WatchArgs& a, const std::vector<std::string>& command) {
  const bool attach = !a.pids.empty() || a.all_gpu_processes;
  if (!a.pids.empty() && a.all_gpu_processes) throw input_error("watch: give --pid or --all-gpu-processes, not both");
  if (attach && !command.empty()) throw input_error("watch: give --pid (or --all-gpu-processes) or a command, not both");
  if (!attach && command.empty())
    throw input_error("watch needs a command: gpuaudit watch [options] -- CMD [ARGS...], or --pid PID, or --all-gpu-processes");
  if (attach && !a.metric.empty())
    throw input_error("watch --pid: --metric reads a job's output, which only a job gpuaudit starts gives");
}

// The processes NVML lists on the watched GPUs now, by their ids in this PID namespace (those this
// namespace does not hold, another container's, cannot be watched from here and are left out).
std::vector<pid_t> processes_on(const NvmlLoad& nvml, const WatchedGpus& gpus) {
  std::vector<pid_t> out;
  const bool names = false;  // only the ids are needed
  for (const auto& t : gpus.timelines) {
    if (gpus.mig_slices.count(t.gpu)) continue;
    for (const auto& p : read_gpu_processes(nvml.api, gpus.handles.at(t.gpu), names))
      if (const auto local = local_pid_of(*p.pid); local && *local != ::getpid() &&
                                                     std::find(out.begin(), out.end(), *local) == out.end())
        out.push_back(*local);
  }
  return out;
}

// The processes already running to watch as one job, or nullopt when a command is to be started.
std::optional<ChildJob> job_to_attach(const WatchArgs& a, const NvmlLoad& nvml, const WatchedGpus& gpus) {
  if (a.pids.empty() && !a.all_gpu_processes) return std::nullopt;
  std::vector<pid_t> pids(a.pids.begin(), a.pids.end());
  if (a.all_gpu_processes) {
    if (!gpus.why.empty()) throw input_error("watch --all-gpu-processes: the GPUs cannot be read: " + gpus.why);
    pids = processes_on(nvml, gpus);
    if (pids.empty()) throw input_error("watch --all-gpu-processes: no process of this PID namespace holds a context on the watched GPUs");
  }
  std::string why;
  auto job = attach_job(pids, why);
  if (!job) throw input_error(std::string(a.all_gpu_processes ? "watch --all-gpu-processes: " : "watch --pid: ") + why);
  return job;
}

// Samples until the job ends (or, attached, until Ctrl-C), with the job's signals handled as the
// watch promises: a started job gets the signals sent to gpuaudit; an attached one is never stopped.
WatchRecord watch_until_done(const ChildJob& job, WatchRecord rec, const WatchTiming& timing, WatchIo io) {
  if (!job.attached) {
    ForwardSignals forward(job.pid);
    return watch_job(job, std::move(rec), timing, io);
  }
  CtrlC ctrl_c;
  io.stop = &ctrl_c.flag();
  rec = watch_job(job, std::move(rec), timing, io);
  rec.still_running = ctrl_c.interrupted();
  return rec;
}

WatchIo gpu_readers(const NvmlLoad& nvml, const WatchedGpus& gpus) {
  WatchIo io;
  if (gpus.timelines.empty()) return io;
  io.read_gpu = [&](int gpu, double t) { return read_telemetry(nvml.api, gpus.handles.at(gpu), t); };
  io.read_interval = [&](int gpu, bool pcie) { return read_interval_telemetry(nvml.api, gpus.handles.at(gpu), pcie); };
  const bool names = in_host_pid_namespace().value_or(true);
  io.read_processes = [&, names](int gpu) {  // a MIG slice's neighbours are isolated from it: not read
    return gpus.mig_slices.count(gpu) ? std::vector<GpuProcess>{} : read_gpu_processes(nvml.api, gpus.handles.at(gpu), names);
  };
  return io;
}

int run_watch(const WatchArgs& a, std::vector<std::string> command) {
  check_job_args(a, command);
  const std::string currency = a.currency.empty() ? std::string("USD") : normalize_currency(a.currency, "--currency");
  std::unique_ptr<MetricScanner> metric;
  if (!a.metric.empty()) metric = std::make_unique<MetricScanner>(a.metric);
  const std::vector<std::string> selectors = parse_gpu_selectors(a.gpus);

  const NvmlLoad nvml = load_nvml();
  CudaProbe no_cuda;  // NVML only: a CUDA context would take memory on the job's GPUs
  no_cuda.build = build_summary();
  ResultDocument doc = take_machine_inventory(nvml, no_cuda, 0);
  doc.mode = "watch";
  apply_tags(doc, a.tags);
  if (a.price >= 0) doc.price_per_hour = a.price, doc.currency = currency;
  const WatchedGpus gpus = gpus_to_watch(nvml, doc, selectors);
  const std::optional<ChildJob> attached = job_to_attach(a, nvml, gpus);
  if (attached) command = process_command(attached->pid);

  const RunOutput output(a.output, "gpuaudit-watch", doc.host.hostname);
  if (output.stream()) throw input_error("watch writes its document while the job runs: give -o a file, not a stream");
  WatchRecord rec;
  rec.command = command;
  rec.started_utc = utc_now_iso8601();
  rec.host_interval_s = a.interval_s, rec.gpu_interval_s = a.gpu_interval_s;
  rec.vcpus = doc.host.vcpus;
  rec.gpu_unread = gpus.why;
  rec.metric_regex = a.metric;
  if (metric) rec.metric_unit = metric_unit(a.metric);
  rec.gpus = gpus.timelines;
  if (attached) {
    rec.attached_pid = attached->pid;
    if (!attached->more.empty())
      for (pid_t p : attached->roots()) rec.attached_pids.push_back(p);
  }
  auto save = [&](const WatchRecord& r) {
    doc.extra["watch"] = r;
    write_result(output.path(), doc);
  };
  save(rec);  // an unwritable path fails now (exit 5), before the job starts

  std::string why;
  StatusLine status(a.progress);  // its line needs the job's output to pass through gpuaudit
  const auto job = attached ? attached : start_job(command, metric != nullptr || status.on(), why);
  if (!job) {
    rec.finished = true, rec.exit_code = 127;
    save(rec);
    std::fprintf(stderr, "gpuaudit: watch: cannot run '%s': %s\n", command.front().c_str(), why.c_str());
    return 127;  // as a shell says of a command it cannot run
  }
  WatchIo io = gpu_readers(nvml, gpus);
  io.metric = metric.get();
  io.checkpoint = save;
  if (status.on()) {
    io.progress = [&status](const WatchRecord& r, std::optional<double> m) { status.show(r, m); };
    io.before_output = [&status] { status.clear(); };
  }
  rec = watch_until_done(*job, std::move(rec), {.host_interval_s = a.interval_s, .gpu_interval_s = a.gpu_interval_s}, io);
  status.clear();
  rec.diagnoses = diagnose_watch(rec);
  if (doc.price_per_hour) rec.cost = watch_cost(rec, *doc.price_per_hour, currency);
  for (auto& row : under_load_rows(rec)) doc.benchmarks.push_back(std::move(row));
  for (auto& row : watch_figures(rec)) doc.benchmarks.push_back(std::move(row));
  save(rec);
  std::string text = "\n" + watch_text(rec, terminal_width(STDERR_FILENO));
  // With no GPU read there is nothing of the card to judge: the watch's own lines say why.
  const std::optional<int> scored = rec.gpu_unread.empty() ? score_watched(doc, text) : std::nullopt;
  save(rec);
  text += "result: " + output.path() + "\n";
  std::fwrite(text.data(), 1, text.size(), stderr);
  if (!a.verdict_exit) return attached ? exit_code::ok : rec.exit_code.value_or(1);
  return std::max(verdict_code(rec), scored.value_or(exit_code::ok));
}

const RegisterCommand watch_cmd{
    {"watch", "Run your own job and watch the GPUs and the host meanwhile: what held it back, what it cost", 27,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<WatchArgs>();
       sub.prefix_command();  // everything from the command on is the job's, options included
       sub.allow_extras();
       sub.add_option("--metric", a->metric,
                      "Regex for the job's throughput in its output, e.g. '([0-9.]+) tokens/s' or 'it/s' (POSIX extended)");
       sub.add_option("--price-per-hour", a->price, "What the instance costs per hour, for the cost per unit of output")
           ->check(between(0, kMaxPricePerHour));
       sub.add_option("--currency", a->currency, "Currency of --price-per-hour (default USD)");
       sub.add_option("--interval", a->interval_s, "Seconds per timeline point, host sampled at its end (default 0.5)")
           ->check(between(0.1, 60.0));
       sub.add_option("--gpu-interval", a->gpu_interval_s, "Seconds between GPU samples (default 0.1)")
           ->check(between(0.02, 10.0));
       sub.add_option("--gpus", a->gpus,
                      "GPUs to watch (default: all): indices in nvidia-smi's order, UUIDs or PCI bus ids, comma-separated");
       sub.add_option("--tag", a->tags, "key=value stored in the document");
       sub.add_option("-o,--output", a->output, "Result file (default gpuaudit-watch-<host>-<time>.json)");
       sub.add_option("--pid", a->pids,
                      "Watch a process already running (until it ends or Ctrl-C) instead of starting one; repeat it, or "
                      "give PID,PID, to watch several as one job")
           ->delimiter(',')
           ->allow_extra_args(false)
           ->check(CLI::PositiveNumber);
       sub.add_flag("--all-gpu-processes", a->all_gpu_processes,
                    "Watch every process that holds a context on the watched GPUs now, as one job (until all end or Ctrl-C)");
       sub.add_flag("--progress", a->progress,
                    "On a terminal, a live status line (GPUs, CPU, the job's metric); the job's output then passes "
                    "through gpuaudit, as with --metric");
       sub.add_flag("--verdict-exit", a->verdict_exit, "Exit 1 when a diagnosis is not `busy`, instead of the job's code");
       CLI::App* app = &sub;
       return [a, app] {
         std::vector<std::string> command = app->remaining();
         // main.cpp has taken the "--" out; a leading '-' is an option watch does not have.
         if (!command.empty() && command.front().size() > 1 && command.front()[0] == '-') {
           std::vector<std::string> known;
           for (const auto* o : app->get_options())
             for (const auto& n : o->get_lnames()) known.push_back("--" + n);
           const std::string name = command.front().substr(0, command.front().find('='));
           throw input_error("watch: unknown option '" + name + "'" + did_you_mean(name, known) +
                             " (see gpuaudit watch --help; the job's own options go after --)");
         }
         return run_watch(*a, command);
       };
     },
     {{0, "the job succeeded (or, with --verdict-exit, every GPU was busy)"},
      {1, "with --verdict-exit: a GPU waited, was throttled or stayed idle, or the job slowed down"},
      {2, ""},
      {5, ""},
      {127, "the command could not be started"}}}};

}  // namespace
}  // namespace gpuaudit::cli
