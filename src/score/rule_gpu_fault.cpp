// gpu-fault: this GPU is lost or must be reset before it can be trusted with work.
//   From the kernel log: the Xids NVIDIA's catalogue resolves with a GPU reset or a restart of the
//   machine (score/xid_table.cpp: 79 fallen off the bus, high; 154 with a recovery action, high;
//   62/119/120/143/158 and the other RESET_GPU rows, medium) and "RmInitAdapter failed" for its
//   address (the driver could not bring it up: medium).
//   From the error messages a tool printed about this GPU (score/reported_errors.hpp): nvidia-smi's
//   "Unable to determine the device handle for GPU <bus id>: GPU is lost" (high) / ": Unknown
//   Error" (medium), "infoROM is corrupted at gpu <bus id>" (low), a GPU-named NVML code.
//   From nvidia-smi's own table or -q: values it could not read from the GPU (ERR!, "Unknown
//   Error": NVML got an error from the GPU itself, not "not supported"): low when several values
//   failed, medium when four or more did (most of its row: the GPU not answering at all), high for
//   "GPU is lost"; one alone can be a passing hiccup of one sensor and is not judged.
//   None of these is the memory, the link or the application: the card as a whole stopped working
//   or answering, which no other finding says (a "sliced" or "pcie-degraded" card still computes),
//   hence a finding of its own. An adapter that failed to initialise because the driver install is
//   broken (its GSP firmware file missing, a module/library mismatch in the same imported files) is
//   the software rule's, not this one's. Runs right after wrong-results: a GPU that is gone explains
//   every figure it did not deliver.
#include "score/reported_errors.hpp"
#include "core/finding_ids.hpp"
#include "score/rules.hpp"
#include "score/xid_catalogue.hpp"

namespace gpuaudit {

namespace {

// The imported files show the driver install broken.
bool driver_broken(const ResultDocument& doc) {
  for (const auto& e : reported_errors(doc))
    if (e.kind == "driver-firmware-missing" || e.kind == "driver-library-mismatch") return true;
  return false;
}

struct Lead {
  std::string meaning, advice, confidence;
  std::string quote;  // a reported error's line: its meaning is then a whole sentence, advice included
  // The strongest line leads, and "fallen off the bus" before any other of the same strength.
  void offer(const std::string& m, const std::string& a, const std::string& c, const std::string& q = "") {
    const bool lead = meaning.empty() || (c == "high" && confidence != "high") ||
                      (c == "high" && meaning.find("bus") == std::string::npos && m.find("bus") != std::string::npos);
    if (lead) meaning = m, advice = a, confidence = c, quote = q;
  }
};

}  // namespace

void rule_gpu_fault(GpuScoring& g, const Thresholds& /*t*/) {
  Verdict v = make_verdict(finding_id::kGpuFault, g.index(), "", "", "");
  Finding& f = v.finding;
  Lead lead;
  std::string where;
  int count = 0;
  const bool broken_driver = driver_broken(*g.doc);
  for (const auto& e : kernel_events(*g.gpu)) {
    const XidMeaning m = xid_meaning(e);
    if (m.cls != XidClass::gpu_fault) continue;
    if (e.kind == "init-failed" && broken_driver) continue;
    ++count;
    if (where.empty()) where = "The " + kernel_event_source(e);
    f.confidence = stronger(f.confidence, m.confidence);
    if (f.evidence.size() < 8)
      f.evidence.push_back(kernel_event_line(e) + " -- " + m.meaning + (m.reference.empty() ? "" : " (" + m.reference + ")"));
    lead.offer(m.meaning, m.advice, m.confidence);
  }
  const int kernel_lines = count;
  for (const auto& e : reported_errors_on(*g.doc, *g.gpu, finding_id::kGpuFault.str())) {
    ++count;
    if (where.empty()) where = e.file.empty() ? "An imported output" : e.file;
    f.confidence = stronger(f.confidence, e.confidence.empty() ? "medium" : e.confidence);
    if (f.evidence.size() < 8) f.evidence.push_back(reported_error_line(e));
    lead.offer(e.meaning, "", e.confidence, "\"" + e.text + "\"");
  }
  const json& ex = g.gpu->extra;
  if (ex.is_object() && ex.contains("nvml_read_errors") && ex["nvml_read_errors"].is_array()) {
    const json& errs = ex["nvml_read_errors"];
    bool lost = false;
    for (const auto& e : errs)
      if (e.is_string()) {
        const std::string s = e.get<std::string>();
        lost = lost || s.find("GPU is lost") != std::string::npos || s.find("requires reset") != std::string::npos;
      }
    // One value nvidia-smi could not read can be a passing hiccup of one sensor; several, or the
    // GPU itself lost, are the card not answering.
    if (lost || errs.size() > 1) {
      // Most of a row unreadable (4 values or more: name, temperature, power, utilisation...) is
      // the GPU not answering at all, not one sensor.
      const std::string c = lost ? "high" : errs.size() >= 4 ? "medium" : "low";
      count += static_cast<int>(errs.size());
      f.confidence = stronger(f.confidence, c);
      for (const auto& e : errs)
        if (e.is_string() && f.evidence.size() < 8) f.evidence.push_back("nvidia-smi could not read it from the GPU: " + e.get<std::string>());
      f.figures["unreadable_values"] = static_cast<double>(errs.size());
      if (where.empty()) where = "nvidia-smi";
      lead.offer(lost ? "NVML reports the GPU lost" : "nvidia-smi could not read " + std::to_string(errs.size()) +
                     " values from it (ERR! / Unknown Error: the GPU or its board did not answer NVML, where N/A would "
                     "mean a sensor it lacks)", "", c);
    }
  }
  if (count == 0) return;
  if (count > 8) f.evidence.push_back("... and " + std::to_string(count - 8) + " more such lines");
  if (kernel_lines > 0) f.figures["kernel_events"] = kernel_lines;
  const std::string advice = !lead.advice.empty() ? lead.advice
                             : lead.confidence == "high"
                                 ? "stop work on this GPU; ask the provider for another instance"
                                 : "do not trust this GPU with long work: ask the provider to check it (nvidia-smi -q, dmesg) or for another instance";
  v.short_text = "GPU fault (" + (lead.quote.empty() ? lead.meaning : lead.quote) + ")";
  if (!lead.quote.empty())
    f.summary = where + " says " + lead.quote + " about this GPU: " + lead.meaning + ".";
  else
    f.summary = where + " says this GPU " +
                std::string(lead.meaning.find("fallen off") != std::string::npos ? "fell off the bus" : "is not working as it should") +
                " (" + lead.meaning + "): " + advice + ".";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
