// inconclusive: the evidence cannot decide, and the verdict says so instead of passing silently.
//   Per GPU: no rule reached a verdict (no finding, no healthy) and no document-wide healthy
//   verdict covers it: it had no key figure with a reference and no telemetry under load that
//   could judge its clock. The finding lists what the document held, what was missing, and the
//   command that would settle it.
//   Document-wide (gpu null): nothing at all to judge - no GPU and no benchmark row - or, with no
//   GPU named, multi-GPU figures with no expectation.
//   Not for a run that measured only the host (every row host/*, `gpuaudit run --only host`): its
//   GPUs were not examined, and its host rows say what they found or why they failed.
// Exit code 6 (exit_codes.hpp) when no fault finding accompanies it: a CI gate must not read
// "could not tell" as healthy.
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/reported_errors.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

namespace {

// The telemetry log that settles a GPU without figures, in nvidia-smi's own query names.
constexpr const char* kQueryLog =
    "nvidia-smi --query-gpu=timestamp,index,name,pci.bus_id,utilization.gpu,clocks.sm,clocks.max.sm,power.draw,"
    "power.limit,power.default_limit,temperature.gpu,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,"
    "pcie.link.width.max,clocks_throttle_reasons.active --format=csv -l 1";

std::string settle_command() {
  return "run `gpuaudit run --quick` on the machine, or import (`gpuaudit import`) an `" + std::string(kQueryLog) +
         "` log taken while a job runs";
}

Verdict gpu_inconclusive(const GpuScoring& g) {
  const LoadTelemetry& load = g.under_load();
  int figures = 0, referenced = 0;
  for (const auto& f : g.figures) {
    ++figures;
    referenced += f.ratio && family_of(f.name).key ? 1 : 0;
  }
  std::vector<std::string> missing;
  Verdict v = make_verdict(finding_id::kInconclusive, g.index(), "high", "", "");
  Finding& f = v.finding;
  const GpuInfo& gpu = *g.gpu;
  const bool unnamed = gpu.name.empty() && !gpu.pci_device_id;
  if (unnamed) missing.push_back("no model named");
  if (figures == 0) missing.push_back("no benchmark figure");
  else if (referenced == 0) missing.push_back("no key figure with a reference (" + std::to_string(figures) + " other figures)");
  if (!load.present()) {
    missing.push_back("no telemetry under load");
  } else if (!load.sm_clock_mhz) {
    missing.push_back("telemetry under load (" + load.sources() + ") without an SM clock");
  } else if (!g.sm_max_mhz()) {
    missing.push_back("no max SM clock to judge the clock under load against (neither the card's nor the model's)");
  }
  std::string what;
  for (const auto& m : missing) what += (what.empty() ? "" : " and ") + m;
  f.evidence.push_back("judged from state alone: " + what);
  // What the state showed, so the reader sees it was read.
  std::string state;
  auto add = [&](const std::string& x) { state += (state.empty() ? "" : ", ") + x; };
  if (const auto lim = g.power_limit_w())
    add("power limit " + fmt_num(*lim, 0) + " W" +
        (gpu.power.default_limit_w ? " (default " + fmt_num(*gpu.power.default_limit_w, 0) + " W)" : std::string()));
  if (gpu.pcie.gen_now || gpu.pcie.gen_max) {
    // The width too where it is below the card's: a reader should see it was read, not missed.
    const bool narrow = gpu.pcie.width_now && gpu.pcie.width_max && *gpu.pcie.width_now < *gpu.pcie.width_max;
    add("PCIe Gen" + (gpu.pcie.gen_now ? std::to_string(*gpu.pcie.gen_now) : std::string("?")) +
        (narrow ? " x" + std::to_string(*gpu.pcie.width_now) : std::string()) + " of Gen" +
        (gpu.pcie.gen_max ? std::to_string(*gpu.pcie.gen_max) : std::string("?")) +
        (narrow ? " x" + std::to_string(*gpu.pcie.width_max) : std::string()) + " at idle (not judged)");
  }
  if (gpu.temperature_c) add(std::to_string(*gpu.temperature_c) + " C at inventory");
  if (gpu.nvlink.links_queried > 0)
    add("NVLink " + std::to_string(gpu.nvlink.links_up) + " of " + std::to_string(gpu.nvlink.links_queried) + " links up");
  if (!state.empty()) f.evidence.push_back("state read, no fault in it: " + state);
  if (unnamed) f.evidence.push_back("to name the model: import `nvidia-smi -q` or `nvidia-smi -L` beside it");
  else if (g.ref.unknown_model() && !g.ref.baseline)
    f.evidence.push_back(g.ref.cut_name_ambiguous ? "the table cut the model's name (\"" + gpu.name + "\"): figures could not be judged either"
                                                  : "no baseline for this model (\"" + gpu.name + "\"): figures could not be judged either");
  f.evidence.push_back("to settle it: " + settle_command());
  f.figures["figures"] = figures;
  f.figures["key_figures_with_reference"] = referenced;
  v.short_text = what;
  f.summary = "The document cannot tell whether this GPU is healthy: " + what + ". To settle it, " + settle_command() + ".";
  return v;
}

}  // namespace

void rule_inconclusive(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  bool machine_healthy = false;
  for (const auto& v : out) machine_healthy |= v.finding.id == finding_id::kHealthy && !v.finding.gpu;
  // A run that chose to measure only the host (`gpuaudit run --only host`: mode "quick+only") did
  // not ask about its GPUs: they are not "inconclusive", they were not examined; nor does an imported
  // `vmstat` or `top` alone, which names no GPU. Beside an nvidia-smi table it leaves only host rows
  // too, but that table's GPUs were shown to be judged: they are inconclusive when nothing decides them.
  const std::string& mode = d.doc->mode;
  const bool chose_suites = mode.size() >= 5 && mode.compare(mode.size() - 5, 5, "+only") == 0;
  bool host_only = (chose_suites || d.gpus->empty()) && !d.doc->benchmarks.empty();
  for (const auto& b : d.doc->benchmarks) host_only &= b.name.rfind("host/", 0) == 0;
  std::vector<Verdict> found;
  for (const auto& g : *d.gpus)
    if (g.verdicts.empty() && !machine_healthy && !host_only) found.push_back(gpu_inconclusive(g));

  // A document that names no GPU and drew no finding is inconclusive, never silent: a failed
  // diagnostic row (dcgmi diag's "Fail - All" names no GPU index) is a fault nobody explained yet.
  if (d.gpus->empty() && out.empty() && !host_only) {
    int unjudged = 0;
    for (const auto& f : d.shared) unjudged += f.ratio ? 0 : 1;
    std::vector<const BenchmarkResult*> failed;
    for (const auto& b : d.doc->benchmarks)
      if (b.status == "check-failed" || b.status == "error") failed.push_back(&b);
    Verdict v = make_verdict(finding_id::kInconclusive, std::nullopt, "high", "", "");
    const GpuStatus& st = d.doc->gpu_status;
    const std::string why = st.state != "ok" ? "no GPU in this document (" + st.state +
                                                   (st.message.empty() ? "" : ": " + st.message) + ")"
                                             : std::string("no GPU in this document");
    v.finding.evidence.push_back(why);
    // The program's own errors a tool printed: quoted, not judged (score/rule_reported_errors.cpp).
    std::vector<ReportedError> program;
    for (auto& e : reported_errors(*d.doc))
      if (e.cls == "program" || e.cls == "unknown") program.push_back(std::move(e));
    for (const auto& e : program)
      if (v.finding.evidence.size() < 8) v.finding.evidence.push_back(reported_error_line(e) + ": " + e.meaning);
    for (const BenchmarkResult* b : failed)
      v.finding.evidence.push_back(b->name + " " + b->status + " on no named GPU" +
                                   (b->message.empty() ? std::string() : ": " + clipped(b->message, 240)));
    if (unjudged > 0)
      v.finding.evidence.push_back(std::to_string(unjudged) +
                                   " multi-GPU figures with no expectation: no GPU is named to look one up for");
    if (d.doc->benchmarks.empty()) v.finding.evidence.push_back("no benchmark row at all");
    else if (failed.empty() && unjudged == 0)
      v.finding.evidence.push_back(std::to_string(d.doc->benchmarks.size()) +
                                   " rows and no GPU to judge them against");
    v.finding.evidence.push_back("to settle it: " + settle_command());
    // An application's log that only speaks of the GPU (kind gpu-log) holds no error at all.
    const bool log_only = !program.empty() && std::all_of(program.begin(), program.end(), [](const ReportedError& e) {
      return e.kind == "gpu-log";
    });
    // A tool's output recognised but unreadable (an nccl-tests table cut before its header).
    const bool unreadable = !program.empty() && program.front().kind == "output-unreadable";
    // An `unknown` error says that something failed, not what: neither the program's nor the machine's.
    const bool says_not_what = !program.empty() && program.front().cls == "unknown";
    v.short_text = unreadable          ? std::string("a tool's output with nothing readable in it")
                   : log_only          ? std::string("a log about the GPU with nothing in it to judge")
                   : says_not_what     ? "an error that says something failed, not what: " + program.front().kind
                   : !program.empty() ? "a program's error, not the machine's: " + program.front().kind
                   : !failed.empty() ? failed.front()->name + " " + failed.front()->status + " with no GPU named"
                   : unjudged > 0  ? "multi-GPU figures with no GPU named"
                                   : "nothing to judge";
    v.finding.summary = "Nothing in this document can be judged" +
                        std::string(failed.empty() ? "" : ", and a check failed") +
                        (program.empty() ? std::string()
                         : unreadable    ? ": " + program.front().text
                         : log_only      ? ": the log speaks of the GPU (\"" + program.front().text +
                                          "\") but holds no output gpuaudit reads and no error it knows"
                         : says_not_what ? ", and the error it holds (\"" + program.front().text +
                                               "\") says that something failed, not whether the machine is at fault"
                                         : ", and the error it holds is the program's (\"" + program.front().text +
                                               "\"), not evidence against the machine unless the kernel log shows an Xid with it") +
                        ": " + why +
                        ". Score a document from the machine itself: " + settle_command() + ".";
    found.push_back(std::move(v));
  }
  for (auto& v : found) out.push_back(std::move(v));
}

}  // namespace gpuaudit
