// gpuaudit soak: a heavy GEMM and an HBM stream back to back on every GPU for N minutes, with
// throughput, clocks, power, temperature and clock-event reasons per interval; finds decay
// ("fast first, slower later") and says when the clocks dropped and which reason NVML gave.
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "cli/validators.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "probe/gpu_select.hpp"
#include "probe/inventory.hpp"
#include "report/prometheus.hpp"
#include "soak/soak_runner.hpp"
#include "soak/soak_text.hpp"
#include "text/terminal.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <unistd.h>

namespace gpuaudit::cli {
namespace {

struct SoakArgs {
  double minutes = 10;
  double interval_s = 10;
  std::string gpus, output;
  std::vector<std::string> tags;
  std::string prometheus;  // --prometheus FILE
};

std::string opt_num(const std::optional<double>& v, const char* f) {
  if (!v) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, f, *v);
  return buf;
}

int run_soak_cmd(const SoakArgs& a) {
  const std::vector<std::string> selectors = parse_gpu_selectors(a.gpus);

  std::optional<CtrlC> ctrl_c(std::in_place);  // before the inventory, as in run
  const NvmlLoad nvml = load_nvml();
  CudaProbe cuda = probe_cuda();
  probe_cuda_libraries(cuda);  // which cuBLASLt and NCCL were found, for the document
  ResultDocument doc = take_machine_inventory(nvml, cuda, 0);
  doc.mode = "custom";
  apply_tags(doc, a.tags);
  if (gpu_unusable(doc.gpu_status) || doc.gpu_status.state == "not-built" || doc.gpus.empty()) {
    const std::string why = doc.gpu_status.message.empty() ? "no GPU found" : doc.gpu_status.message;
    std::fprintf(stderr, "gpuaudit: soak needs a GPU: %s\n", why.c_str());
    return exit_code::no_gpu;
  }
  const std::vector<int> wanted = select_gpus(selectors, doc.gpus);
  std::vector<GpuInfo> chosen;
  for (const auto& g : doc.gpus)
    if (wanted.empty() || std::find(wanted.begin(), wanted.end(), g.index) != wanted.end()) chosen.push_back(g);

  const RunOutput output(a.output, "gpuaudit-soak", doc.host.hostname);  // claimed or locked
  const std::string& out = output.path();
  // A stream ("-o -", a FIFO) gets one write at the end, and stdout then holds the document only.
  const bool stream = output.stream();
  // -o - or --prometheus - takes stdout (never both: they would interleave); the soak's text goes to
  // stderr, and that output is written once stdout is back.
  const std::string on_stdout = stdout_output({{"-o", out}, {"--prometheus", a.prometheus}});
  StdoutAside aside(!on_stdout.empty());
  if (!stream) write_result(out, doc);  // an unwritable path fails now (exit 5), not after N minutes

  std::vector<std::unique_ptr<SoakWorkload>> owned;
  std::vector<SoakTarget> targets;
  std::vector<GpuInfo> measured;
  for (const auto& g : chosen) {
    std::string err;
    auto w = make_soak_workload(g, err);
    if (!w) {
      std::fprintf(stderr, "gpuaudit: soak: %s\n", err.c_str());
      continue;
    }
    targets.push_back({g.index, g.name, w.get()});
    measured.push_back(g);
    owned.push_back(std::move(w));
  }
  if (targets.empty()) {
    std::fprintf(stderr, "gpuaudit: soak: no GPU could run the workload\n");
    return exit_code::no_gpu;
  }

  NvmlSoakTelemetry telemetry(nvml.api, measured);
  std::fprintf(stderr, "soak: %zu GPU(s), %.1f min, a point every %.0f s; Ctrl-C ends early and keeps the timeline\n",
               targets.size(), a.minutes, a.interval_s);
  auto checkpoint = [&](const SoakRecord& rec) {
    doc.extra["soak"] = rec;
    if (!stream) write_result(out, doc);
    for (const auto& g : rec.gpus)
      if (!g.points.empty()) {
        const SoakPoint& p = g.points.back();
        std::fprintf(stderr, "  t=%5.0f s  GPU %d  %s TFLOP/s  %s GB/s  SM %s MHz  %s W  %s C%s%s\n", p.t_s, g.gpu,
                     opt_num(p.gemm_tflops, "%.1f").c_str(), opt_num(p.hbm_gbs, "%.0f").c_str(),
                     opt_num(p.sm_clock_mhz, "%.0f").c_str(), opt_num(p.power_w, "%.0f").c_str(),
                     opt_num(p.temperature_c, "%.0f").c_str(), p.reasons.empty() ? "" : "  ",
                     p.reasons.empty() ? "" : p.reasons.front().c_str());
      }
  };
  const SoakRecord rec = run_soak({.minutes = a.minutes, .interval_s = a.interval_s}, targets, &telemetry,
                                  ctrl_c->flag(), checkpoint);
  const int interrupted_code = ctrl_c->exit_status();
  ctrl_c.reset();
  owned.clear();  // free device memory before printing
  if (!a.prometheus.empty()) doc.extra["soak"] = rec;  // the final record, with the decay verdicts
  if (!a.prometheus.empty() && on_stdout != "--prometheus") {
    write_prometheus_textfile(a.prometheus, doc);
    std::fprintf(stderr, "gpuaudit: wrote %s\n", a.prometheus.c_str());
  }

  bool decayed = false, failed = false, wrong = false;
  for (const auto& g : rec.gpus) {
    failed |= !g.error.empty();
    decayed |= g.error.empty() && g.decay && g.decay->verdict == "decayed";
    wrong |= g.error.empty() && g.output_check && g.output_check->mismatched_checks > 0;
  }
  std::fputs(soak_text(rec, terminal_width(STDOUT_FILENO)).c_str(), stdout);
  std::printf("\nresult: %s\n", out.c_str());
  aside.restore();
  if (stream) {
    doc.extra["soak"] = rec;
    write_result(out, doc);
  }
  if (on_stdout == "--prometheus") write_prometheus_textfile(a.prometheus, doc);
  if (rec.interrupted) {
    std::fprintf(stderr, "gpuaudit: interrupted; the timeline so far is in %s\n", out.c_str());
    return interrupted_code;
  }
  if (failed) return exit_code::no_gpu;
  return decayed || wrong ? exit_code::finding : exit_code::ok;
}

const RegisterCommand soak_cmd{
    {"soak", "Run GEMM + HBM load for N minutes and find throughput/clock decay (heat, power)", 25,
     [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<SoakArgs>();
       sub.add_option("--minutes", a->minutes, "How long to load the GPUs (default 10)")->check(between(0.05, 1440.0));
       sub.add_option("--interval", a->interval_s, "Seconds per timeline point: half GEMM, half HBM (default 10)")
           ->check(between(1.0, 600.0));
       sub.add_option("--gpus", a->gpus,
                      "GPUs (default: all): indices in nvidia-smi's order, UUIDs (GPU-..., MIG-...) or PCI bus ids, comma-separated");
       sub.add_option("--tag", a->tags, "key=value stored in the document");
       sub.add_option("-o,--output", a->output, "Result file (default gpuaudit-soak-<host>-<time>.json)");
       sub.add_option("--prometheus", a->prometheus, "Also write a node_exporter textfile (docs/prometheus.md)");
       return [a] { return run_soak_cmd(*a); };
     },
     {{0, "no decay"}, {1, "throughput or clocks decayed"}, {2, ""}, {3, "no usable GPU, or no GPU could run the workload"}, {5, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
