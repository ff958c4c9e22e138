// software: the software stack will fail or slow the GPU down.
//   The CUDA runtime is newer than the driver supports: a newer major version cannot run at all
//   (high); a newer minor runs under minor-version compatibility, where PTX JIT and new APIs fail
//   (low: most programs run). Every warning the inventory recorded (software.warnings) is
//   evidence (medium on its own).
#include "score/rules.hpp"

namespace gpuaudit {

namespace {

std::string cuda_version(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

}  // namespace

void rule_software(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  const SoftwareInfo& s = d.doc->software;
  Verdict v = make_verdict("software", std::nullopt, "", "", "");
  Finding& f = v.finding;
  if (s.cuda_driver_version && s.cuda_runtime_version && *s.cuda_runtime_version > *s.cuda_driver_version) {
    const bool major = *s.cuda_runtime_version / 1000 > *s.cuda_driver_version / 1000;
    f.confidence = major ? "high" : "low";
    const std::string rt = cuda_version(*s.cuda_runtime_version), drv = cuda_version(*s.cuda_driver_version);
    f.evidence.push_back("CUDA runtime " + rt + "; the driver" +
                         (s.driver_version ? " " + *s.driver_version : std::string()) + " supports CUDA " + drv);
    f.figures["cuda_runtime_version"] = *s.cuda_runtime_version;
    f.figures["cuda_driver_version"] = *s.cuda_driver_version;
    v.short_text = "driver (CUDA " + drv + ") older than the runtime (" + rt + ")";
    f.summary = major ? "The CUDA runtime " + rt + " needs a newer driver than this one (CUDA " + drv +
                            "): CUDA programs built for it fail. Update the driver or use a CUDA " + drv + " build."
                      : "The CUDA runtime " + rt + " is newer than the driver (CUDA " + drv +
                            "): it runs under minor-version compatibility, where PTX JIT and newer features fail. "
                            "Update the driver.";
  }
  for (const auto& w : s.warnings) {
    f.evidence.push_back("warning: " + w);
    if (f.confidence.empty()) f.confidence = "medium";
  }
  if (f.confidence.empty()) return;
  if (v.short_text.empty()) {
    v.short_text = s.warnings.front();
    f.summary = "The software stack reported: " + s.warnings.front() + (s.warnings.size() > 1 ? " (and more)." : ".");
  }
  f.figures["warnings"] = static_cast<double>(s.warnings.size());
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
