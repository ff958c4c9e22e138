// The error messages of the imported outputs (score/reported_errors.hpp) that no per-GPU rule took:
//   gpu-fault, memory-degraded, nvlink-degraded (the card: "GPU is lost", "uncorrectable ECC error
//   encountered", an uncorrectable NVLink error), wrong-results (a program's own check of the GPU's
//   answers failed: XMRig's "COMPUTE ERROR") and sliced (a vGPU without its licence; a GPU in MIG mode
//   with no GPU instance) (a vGPU without its licence: "device
//   doesn't have valid Grid license") when the line names no GPU of the document: a traceback
//   pasted alone, a bus id the document does not list, several GPUs and no bus id. One finding per
//   class for the machine (gpu null), with each line as evidence: the class is NVIDIA's meaning of
//   the message (the catalogues), whatever GPU it was. The program's own errors (an illegal
//   address, a launch failure, out of memory) and unknown ones are notes: a program's bug is not the
//   machine's fault, and the same files' Xids, if any, say when it was the card.
#include "score/reported_errors.hpp"
#include "score/rules.hpp"

#include <array>
#include <string_view>

namespace gpuaudit {

namespace {

struct ClassText {
  finding_id::Id cls;
  const char* what;  // "a GPU of this machine stopped working"
};

constexpr std::array kClasses = std::to_array<ClassText>({
    {finding_id::kGpuFault, "a GPU of this machine stopped working or answering"},
    {finding_id::kMemoryDegraded, "a GPU of this machine reported an uncorrectable memory error"},
    {finding_id::kNvlinkDegraded, "an NVLink of this machine reported an uncorrectable error"},
    {finding_id::kSliced, "a GPU of this machine is shared out (a vGPU, or MIG)"},
    {finding_id::kWrongResults, "a GPU of this machine returned results that failed the program's own check"},
});

}  // namespace

void rule_reported_errors(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  for (const auto& c : kClasses) {
    // A vGPU's licence, a MIG mode without instances: the machine's whatever GPU names it (no per-GPU rule takes them).
    std::vector<ReportedError> errors;
    if (c.cls == finding_id::kSliced) {
      for (auto& e : reported_errors(*d.doc))
        if (e.cls == c.cls) errors.push_back(std::move(e));
    } else {
      errors = reported_errors_off_gpus(*d.doc, c.cls.str());
    }
    if (errors.empty()) continue;
    Verdict v = make_verdict(c.cls, std::nullopt, "", "", "");
    for (const auto& e : errors) {
      v.finding.confidence = stronger(v.finding.confidence, e.confidence.empty() ? "medium" : e.confidence);
      if (v.finding.evidence.size() < 8)
        v.finding.evidence.push_back(reported_error_line(e) + (e.gpu.empty() ? "" : ", about the GPU at " + e.gpu));
    }
    const ReportedError& first = errors.front();
    v.short_text = first.kind + (first.gpu.empty() ? "" : " (GPU " + first.gpu + ")");
    v.finding.summary = std::string(c.what) + ": \"" + first.text + "\" -- " + first.meaning + ".";
    out.push_back(std::move(v));
  }
  if (!d.notes) return;
  for (const auto& e : reported_errors(*d.doc))
    if (e.cls == "program" || e.cls == "unknown")
      d.notes->push_back(reported_error_line(e) + ": " + e.meaning + (e.cls == "program" ? "" : " (not evidence against the machine on its own)"));
}

}  // namespace gpuaudit
