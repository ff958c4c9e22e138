// software: the software stack will fail or slow the GPU down.
//   The CUDA runtime in this gpuaudit is a major version newer than the driver supports: CUDA
//   programs built for it cannot run (high).
//   The machine's default CUDA toolkit (/usr/local/cuda) is a major version newer than the driver
//   supports: programs built on this image fail with cudaErrorInsufficientDriver (medium: frameworks
//   that bundle their own runtime, like PyTorch wheels, may not use it).
// Not verdicts, only notes: a runtime or toolkit a minor version ahead (minor-version
// compatibility: it runs, PTX JIT fails; the CUDA 12.9 build on a 535-570 driver is the normal
// case on old rentals), a non-default toolkit that is too new, and the inventory's
// software.warnings (facts about gpuaudit's own binary, such as a card reached only through PTX JIT).
#include "score/rules.hpp"

namespace gpuaudit {

namespace {

std::string cuda_version(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

}  // namespace

void rule_software(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  const SoftwareInfo& s = d.doc->software;
  auto note = [&](const std::string& line) {
    if (d.notes) d.notes->push_back(line);
  };
  for (const auto& w : s.warnings) note(w);
  if (!s.cuda_driver_version) return;
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
