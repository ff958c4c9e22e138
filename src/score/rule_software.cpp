// software: the software stack will fail or slow the GPU down.
//   The CUDA runtime in this gpuaudit is a major version newer than the driver supports: CUDA
//   programs built for it cannot run (high).
//   The machine's default CUDA toolkit (/usr/local/cuda) is a major version newer than the driver
//   supports: programs built on this image fail with cudaErrorInsufficientDriver (medium: frameworks
//   that bundle their own runtime, like PyTorch wheels, may not use it).
//   A tool's output (imported) shows the stack failing: "CUDA driver version is insufficient",
//   "system not yet initialized" (an NVSwitch box without its fabric manager), a driver/library
//   mismatch, the driver not loaded (high: the program could not use the GPU at all; the GPU itself
//   is not at fault). The messages are CUDA's and NVML's own, the same in every tool.
// Not verdicts, only notes: a runtime or toolkit a minor version ahead (minor-version
// compatibility: it runs, PTX JIT fails; the CUDA 12.9 build on a 535-570 driver is the normal
// case on old rentals), a non-default toolkit that is too new, and the inventory's
// software.warnings (facts about gpuaudit's own binary, such as a card reached only through PTX JIT).
#include "score/rules.hpp"

namespace gpuaudit {

namespace {

std::string cuda_version(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

// The imported outputs' software-stack errors (import/software_errors.hpp): one finding with
// every error as evidence. Returns whether it found one.
bool stack_errors(const DocScoring& d, std::vector<Verdict>& out) {
  const json& extra = d.doc->extra;
  if (!extra.is_object()) return false;
  const auto it = extra.find("software_errors");
  if (it == extra.end() || !it->is_array() || it->empty()) return false;
  Verdict v = make_verdict("software", std::nullopt, "high", "", "");
  std::string first_meaning, first_kind;
  for (const auto& e : *it) {
    if (!e.is_object()) continue;
    auto str = [&](const char* k) { return e.contains(k) && e[k].is_string() ? e[k].get<std::string>() : std::string(); };
    const std::string line = e.contains("line") && e["line"].is_number_integer() ? " line " + std::to_string(e["line"].get<long long>()) : "";
    v.finding.evidence.push_back(str("file") + line + ": \"" + str("text") + "\" (" + str("kind") + ")");
    if (first_meaning.empty()) first_meaning = str("meaning"), first_kind = str("kind");
  }
  if (v.finding.evidence.empty()) return false;
  v.short_text = first_kind;
  v.finding.summary = "The software stack stopped the tool before it could use the GPU: " + first_meaning + ".";
  out.push_back(std::move(v));
  return true;
}

}  // namespace

void rule_software(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  const SoftwareInfo& s = d.doc->software;
  auto note = [&](const std::string& line) {
    if (d.notes) d.notes->push_back(line);
  };
  for (const auto& w : s.warnings) note(w);
  if (stack_errors(d, out) || !s.cuda_driver_version) return;
  const int driver_cuda = *s.cuda_driver_version;
  const std::string drv = cuda_version(driver_cuda);
  const std::string driver = s.driver_version ? " " + *s.driver_version : std::string();
  auto newer_major = [&](int v) { return v / 1000 > driver_cuda / 1000; };

  Verdict v = make_verdict("software", std::nullopt, "", "", "");
  Finding& f = v.finding;
  if (s.cuda_runtime_version && *s.cuda_runtime_version > driver_cuda) {
    const std::string rt = cuda_version(*s.cuda_runtime_version);
    if (newer_major(*s.cuda_runtime_version)) {
      f.confidence = "high";
      f.evidence.push_back("CUDA runtime " + rt + "; the driver" + driver + " supports CUDA " + drv);
      f.figures["cuda_runtime_version"] = *s.cuda_runtime_version;
      v.short_text = "driver (CUDA " + drv + ") older than the runtime (" + rt + ")";
      f.summary = "The CUDA runtime " + rt + " needs a newer driver than this one (CUDA " + drv +
                  "): CUDA programs built for it fail. Update the driver or use a CUDA " + drv + " build.";
    } else if (s.warnings.empty()) {  // the inventory usually said it already
      note("the CUDA runtime " + rt + " in this gpuaudit is newer than the driver" + driver + " supports (" + drv +
           "): it runs under minor-version compatibility; programs that need PTX JIT or newer driver features need a "
           "newer driver");
    }
  }
  for (const auto& tk : s.cuda_toolkits) {
    if (!tk.version_number || *tk.version_number <= driver_cuda) continue;
    const std::string where = "the CUDA " + tk.version + " toolkit at " + tk.path + (tk.is_default ? " (/usr/local/cuda)" : "");
    if (tk.is_default && newer_major(*tk.version_number)) {
      if (f.confidence.empty()) f.confidence = "medium";
      f.evidence.push_back(where + "; the driver" + driver + " supports CUDA " + drv);
      f.figures["cuda_toolkit_version"] = *tk.version_number;
      if (v.short_text.empty()) {
        v.short_text = "the default CUDA " + tk.version + " toolkit needs a newer driver (CUDA " + drv + ")";
        f.summary = "Programs built with this image's default CUDA " + tk.version + " toolkit fail on this driver (CUDA " +
                    drv + "): cudaErrorInsufficientDriver at the first call. Update the driver, or build with a CUDA " +
                    std::to_string(driver_cuda / 1000) + ".x toolkit.";
      }
    } else {
      note(where + " is newer than the driver" + driver + " supports (" + drv + ")" +
           (newer_major(*tk.version_number) ? ": programs built with it fail on this driver"
                                             : ": programs built with it run under minor-version compatibility"));
    }
  }
  if (f.confidence.empty()) return;
  f.figures["cuda_driver_version"] = driver_cuda;
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
