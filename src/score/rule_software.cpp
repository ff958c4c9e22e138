// software: the software stack will fail or slow the GPU down; the card is not at fault.
//   Error messages the imported outputs printed whose class is `software` (score/reported_errors.hpp,
//   from NVIDIA's CUDA / NVML / nvidia-smi catalogues: the driver older than the runtime, a
//   module/library mismatch, the fabric manager not running (802), the driver not loaded, no kernel
//   image for this GPU's architecture, ...) and the kernel log's software Xids (78 vGPU start, 151
//   key rotation): high, or the catalogue entry's confidence. "No CUDA device" / "CUDA could not
//   initialise" beside a GPU that stopped answering (GPU is lost, Xid 79) is that fault's echo: a note.
//   Driver <-> CUDA compatibility (score/cuda_driver_compat.hpp, NVIDIA's release-notes table): a
//   program's CUDA (the runtime of gpuaudit or of an imported CUDA sample, a framework's "CUDA used
//   to build PyTorch") that the driver cannot run (high: it fails with cudaErrorInsufficientDriver);
//   the machine's default toolkit (/usr/local/cuda) that it cannot run (medium: programs built on
//   this image fail; wheels that bundle their own runtime may not care).
// Not verdicts, only notes: a runtime, framework or toolkit the driver runs under minor-version
// compatibility (the CUDA 12.9 build on a 535-570 driver is the normal case on old rentals), a
// non-default toolkit it cannot run, and the inventory's software.warnings (facts about
// gpuaudit's own binary, such as a card reached only through PTX JIT).
#include "compare/environment.hpp"
#include "core/finding_ids.hpp"
#include "score/cuda_driver_compat.hpp"
#include "score/reported_errors.hpp"
#include "score/rules.hpp"
#include "score/xid_catalogue.hpp"

#include <optional>

namespace gpuaudit {

namespace {

// Whether a GPU of the document stopped answering (NVML's GPU_IS_LOST / unreachable, Xid 79 or
// the kernel's "fallen off the bus"): then CUDA seeing no device is that fault, not the stack's.
bool a_gpu_stopped_answering(const ResultDocument& doc) {
  for (const auto& e : reported_errors(doc))
    if (e.cls == finding_id::kGpuFault && (e.kind == "gpu-lost" || e.kind == "gpu-unreachable")) return true;
  for (const auto& gpu : doc.gpus)
    for (const auto& k : kernel_events(gpu))
      if (k.kind == "fallen-off-bus" || (k.kind == "xid" && k.xid == 79)) return true;
  return false;
}

// What a program prints when the GPU it wanted is gone, whatever the cause.
bool no_gpu_reached(const std::string& kind) { return kind == "no-device" || kind == "cuda-init-failed"; }

// The software-class errors and Xids: evidence lines. Returns the first one's meaning ("" if none).
std::string stack_errors(const DocScoring& d, Verdict& v) {
  Finding& f = v.finding;
  std::string first;
  const bool gpu_gone = a_gpu_stopped_answering(*d.doc);
  for (const auto& e : reported_errors(*d.doc)) {
    if (e.cls != finding_id::kSoftware) continue;
    if (gpu_gone && no_gpu_reached(e.kind)) {
      if (d.notes) d.notes->push_back(reported_error_line(e) + ": explained by the GPU that stopped answering (gpu-fault)");
      continue;
    }
    f.confidence = stronger(f.confidence, e.confidence.empty() ? "high" : e.confidence);
    if (f.evidence.size() < 8) f.evidence.push_back(reported_error_line(e) + " -- " + e.kind);
    if (first.empty()) first = e.meaning, v.short_text = e.kind;
  }
  for (const auto& gpu : d.doc->gpus)
    for (const auto& k : kernel_events(gpu)) {
      const XidMeaning m = xid_meaning(k);
      if (m.cls != XidClass::software) continue;
      f.confidence = stronger(f.confidence, "high");
      if (f.evidence.size() < 8) f.evidence.push_back(kernel_event_line(k) + " -- " + m.meaning + " (" + m.reference + ")");
      if (first.empty()) first = m.meaning + ": " + m.advice, v.short_text = "Xid " + std::to_string(k.xid.value_or(0));
    }
  return first;
}

struct Program {
  int cuda = 0;
  std::string what;   // "the CUDA runtime in this gpuaudit", "PyTorch (built for CUDA 10.2)"
  std::string level;  // the finding's confidence when the driver cannot run it ("" : a note only)
  std::string toolkit;  // a toolkit's version as installed ("13.0", "12.8.1"); "" for a program
};

// The programs whose CUDA the document names, and how sure a failure would be.
std::vector<Program> programs(const DocScoring& d) {
  std::vector<Program> out;
  const SoftwareInfo& s = d.doc->software;
  const bool imported = d.doc->mode == "imported";
  if (s.cuda_runtime_version)
    out.push_back({*s.cuda_runtime_version, imported ? "the CUDA runtime of the imported tool" : "the CUDA runtime in this gpuaudit", "high", ""});
  const json& ex = d.doc->extra;
  if (ex.is_object() && ex.contains("imported") && ex["imported"].is_object() && ex["imported"].contains("collect-env")) {
    const json& ce = ex["imported"]["collect-env"];
    if (ce.is_object() && ce.contains("pytorch_cuda_build") && ce["pytorch_cuda_build"].is_string())
      if (const auto v = cuda_version_from_text(ce["pytorch_cuda_build"].get<std::string>()))
        out.push_back({*v, "PyTorch (collect_env: \"CUDA used to build PyTorch: " + ce["pytorch_cuda_build"].get<std::string>() + "\")", "high", ""});
    // PaddlePaddle's summary_env: nvcc's version, the toolkit its GPU build loads its libraries from.
    if (ce.is_object() && ce.contains("cuda_toolkit_version") && ce["cuda_toolkit_version"].is_string())
      if (const auto v = cuda_version_from_text(ce["cuda_toolkit_version"].get<std::string>()))
        out.push_back({*v, "the CUDA toolkit PaddlePaddle's summary_env found (\"CUDA version: " +
                               ce["cuda_toolkit_version"].get<std::string>() + "\")",
                       "medium", ce["cuda_toolkit_version"].get<std::string>()});
  }
  for (const auto& tk : s.cuda_toolkits)
    if (tk.version_number)
      out.push_back({*tk.version_number,
                     tk.path.empty() ? "the CUDA " + tk.version + " toolkit nvcc --version names"
                                     : "the CUDA " + tk.version + " toolkit at " + tk.path + (tk.is_default ? " (/usr/local/cuda)" : ""),
                     tk.is_default ? "medium" : "", tk.version});
  return out;
}

}  // namespace

void rule_software(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  const SoftwareInfo& s = d.doc->software;
  auto note = [&](const std::string& line) {
    if (d.notes) d.notes->push_back(line);
  };
  for (const auto& w : s.warnings) note(w);
  Verdict v = make_verdict(finding_id::kSoftware, std::nullopt, "", "", "");
  Finding& f = v.finding;
  const std::string error_meaning = stack_errors(d, v);

  const std::string driver = s.driver_version ? "the driver " + *s.driver_version : std::string("the driver");
  // What the driver supports: its own word (nvidia-smi's "CUDA Version"), else the table's.
  std::optional<int> driver_cuda = s.cuda_driver_version;
  if (!driver_cuda && s.driver_version) driver_cuda = cuda_supported_by_driver(*s.driver_version);
  const std::string drv = driver_cuda ? cuda_version_text(*driver_cuda) : std::string("?");
  std::string compat_summary;
  for (const Program& p : programs(d)) {
    const CudaCompatVerdict c = cuda_compat(p.cuda, s.driver_version, s.cuda_driver_version);
    if (c.result != CudaCompat::too_old && c.result != CudaCompat::minor_compat) continue;
    const bool too_old = c.result == CudaCompat::too_old;
    if (!p.toolkit.empty()) {  // a toolkit: what programs built with it will do
      const std::string line = p.what + " is newer than " + driver + " supports (" + drv + "): programs built with it " +
                               (too_old ? "fail on this driver" : "run under minor-version compatibility") + " (" + c.rule + ")";
      if (!too_old || p.level.empty()) {
        note(line);
        continue;
      }
      f.confidence = stronger(f.confidence, p.level);
      f.evidence.push_back(line);
      f.figures["cuda_toolkit_version"] = p.cuda;
      if (compat_summary.empty()) {
        if (v.short_text.empty()) v.short_text = "the default CUDA " + p.toolkit + " toolkit needs a newer driver (CUDA " + drv + ")";
        compat_summary = "Programs built with this machine's default CUDA " + p.toolkit + " toolkit fail on this driver (CUDA " + drv +
                         "): cudaErrorInsufficientDriver at the first call. Update the driver, or build with a CUDA " +
                         (!driver_cuda                                ? std::string("older")
                          : *driver_cuda / 1000 == p.cuda / 1000       ? drv
                                                                       : std::to_string(*driver_cuda / 1000) + ".x") +
                         " toolkit";
      }
      continue;
    }
    const std::string line = p.what + " on " + driver + " (CUDA " + drv + "): " + c.rule;
    if (!too_old) {
      if (s.warnings.empty() || p.what.find("gpuaudit") == std::string::npos)
        note(line + ": it runs under minor-version compatibility; programs that need PTX JIT or newer driver features need a newer driver");
      continue;
    }
    f.confidence = stronger(f.confidence, p.level);
    f.evidence.push_back(line);
    f.figures["cuda_build_version"] = p.cuda;
    if (compat_summary.empty()) {
      if (v.short_text.empty()) v.short_text = "driver (CUDA " + drv + ") older than CUDA " + cuda_version_text(p.cuda);
      compat_summary = p.what + " needs a newer driver than " + driver + " (CUDA " + drv + "): CUDA programs built for " +
                       cuda_version_text(p.cuda) + " fail (cudaErrorInsufficientDriver). Use a build for the CUDA the driver " +
                       "supports, or ask the provider for a newer driver";
    }
  }
  if (f.confidence.empty()) return;
  if (driver_cuda) f.figures["cuda_driver_version"] = *driver_cuda;
  if (!error_meaning.empty())
    f.summary = "The software stack, not the GPU, is at fault: " + error_meaning + "." +
                (compat_summary.empty() ? "" : " Also: " + compat_summary + ".");
  else
    f.summary = compat_summary + ".";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
