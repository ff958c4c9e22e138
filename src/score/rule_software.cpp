// software: the software stack will fail or slow the GPU down.
//   The CUDA runtime is a major version newer than the driver supports: CUDA programs built for it
//   cannot run (high).
// Not verdicts, only notes (they are about gpuaudit's own binary, not the machine): a runtime a
// minor version newer than the driver (it runs under minor-version compatibility, where PTX JIT
// fails; 535-570 drivers with the CUDA 12.9 build are the normal case), and the inventory's
// software.warnings (a card reached only through PTX JIT, for example).
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
  if (!s.cuda_driver_version || !s.cuda_runtime_version || *s.cuda_runtime_version <= *s.cuda_driver_version) return;
  const std::string rt = cuda_version(*s.cuda_runtime_version), drv = cuda_version(*s.cuda_driver_version);
  const std::string driver = s.driver_version ? " " + *s.driver_version : std::string();
  if (*s.cuda_runtime_version / 1000 == *s.cuda_driver_version / 1000) {
    if (s.warnings.empty())  // the inventory usually said it already
      note("the CUDA runtime " + rt + " in this gpuaudit is newer than the driver" + driver + " supports (" + drv +
           "): it runs under minor-version compatibility; programs that need PTX JIT or newer driver features need a "
           "newer driver");
    return;
  }
  Verdict v = make_verdict("software", std::nullopt, "high", "", "");
  Finding& f = v.finding;
  f.evidence.push_back("CUDA runtime " + rt + "; the driver" + driver + " supports CUDA " + drv);
  for (const auto& w : s.warnings) f.evidence.push_back("warning: " + w);
  f.figures["cuda_runtime_version"] = *s.cuda_runtime_version;
  f.figures["cuda_driver_version"] = *s.cuda_driver_version;
  v.short_text = "driver (CUDA " + drv + ") older than the runtime (" + rt + ")";
  f.summary = "The CUDA runtime " + rt + " needs a newer driver than this one (CUDA " + drv +
              "): CUDA programs built for it fail. Update the driver or use a CUDA " + drv + " build.";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
