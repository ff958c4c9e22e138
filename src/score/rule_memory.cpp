// memory-degraded: device memory delivers less than the model, or is failing.
//   Bandwidth: the memory figures are below tolerance while compute is within tolerance (or was
//   not measured). When compute is low too the cause is broader (power, sharing) and belongs to
//   another rule. ECC: uncorrectable errors, rows remapped for uncorrectable errors, a pending
//   remap (needs a GPU reset) or a failed remap (no spare rows left), a pending page retirement
//   (pre-Ampere; retired pages in effect are notes: rule_retired_pages_notes).
//   Kernel log (an imported dmesg): the memory Xids of NVIDIA's catalogue, with the confidence of
//   score/xid_catalogue.cpp: 48 (double-bit) and 95 (uncontained) high, 64 (remap failed) high,
//   94 (contained) and 63 (remap recorded, pending a reset) medium, 92 (high single-bit rate) low.
//   A program's own report (score/reported_errors.hpp): CUDA's "uncorrectable ECC error
//   encountered" (cudaErrorECCUncorrectable, CUDA_ERROR_ECC_UNCORRECTABLE) about this GPU: high.
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/reported_errors.hpp"
#include "score/rules.hpp"
#include "score/xid_catalogue.hpp"

#include <map>

namespace gpuaudit {

void rule_memory(GpuScoring& g, const Thresholds& /*t*/) {
  Verdict v = make_verdict(finding_id::kMemoryDegraded, g.index(), "", "", "");
  Finding& f = v.finding;
  std::vector<std::string> shorts;
  auto raise = [&](const char* c) { f.confidence = stronger(f.confidence, c); };

  // One sign of failing memory: how sure it makes the finding, its evidence line, its words in the summary.
  auto sign = [&](const char* confidence, std::string evidence, std::string short_text) {
    raise(confidence);
    f.evidence.push_back(std::move(evidence));
    shorts.push_back(std::move(short_text));
  };

  const EccInfo& e = g.gpu->ecc;
  if (e.remap_failure && *e.remap_failure)
    sign("high", "row remapping failed: the memory has no spare rows left for new errors", "row remap failure");
  if (e.volatile_uncorrected && *e.volatile_uncorrected > 0) {
    sign("high", "ECC: " + std::to_string(*e.volatile_uncorrected) + " uncorrectable errors since the driver loaded",
         "uncorrectable ECC errors");
    f.figures["ecc_volatile_uncorrected"] = static_cast<double>(*e.volatile_uncorrected);
  } else if (e.aggregate_uncorrected && *e.aggregate_uncorrected > 0) {
    sign("medium", "ECC: " + std::to_string(*e.aggregate_uncorrected) + " uncorrectable errors over the card's life",
         "past uncorrectable ECC errors");
    f.figures["ecc_aggregate_uncorrected"] = static_cast<double>(*e.aggregate_uncorrected);
  }
  if (e.remapped_rows_uncorrectable && *e.remapped_rows_uncorrectable > 0) {
    sign("medium",
         std::to_string(*e.remapped_rows_uncorrectable) + " rows remapped after uncorrectable errors" +
             (e.remapped_rows_correctable ? ", " + std::to_string(*e.remapped_rows_correctable) + " after correctable ones"
                                          : std::string()),
         std::to_string(*e.remapped_rows_uncorrectable) + " rows remapped");
    f.figures["remapped_rows_uncorrectable"] = *e.remapped_rows_uncorrectable;
  }
  if (e.remap_pending && *e.remap_pending)
    sign("medium", "a row remap is pending: it takes effect after a GPU reset", "remap pending");
  // A page retirement not yet in effect: the bad page is still handed out until the driver reloads.
  // Retired pages in effect are notes (rule_retired_pages_notes: NVIDIA's page retirement working).
  if ((e.extra.is_object() && e.extra.value("retirement_pending", false))) {
    sign("medium",
         "a page retirement is pending" +
             (e.retired_pages ? " (" + std::to_string(*e.retired_pages) + " pages retired)" : std::string()) +
             ": the bad page stays in use until the driver reloads or the GPU is reset",
         "page retirement pending");
    if (e.retired_pages) f.figures["retired_pages"] = *e.retired_pages;
  }

  std::map<int, int> xids;  // memory Xid -> lines
  for (const auto& ev : kernel_events(*g.gpu)) {
    const XidMeaning m = xid_meaning(ev);
    if (m.cls != XidClass::memory || !ev.xid) continue;
    raise(m.confidence.c_str());
    if (xids[*ev.xid]++ < 2) f.evidence.push_back(kernel_event_line(ev) + " -- " + m.meaning);
  }
  int reported = 0;
  for (const auto& r : reported_errors_on(*g.doc, *g.gpu, "memory-degraded")) {
    raise(r.confidence.empty() ? "high" : r.confidence.c_str());
    if (reported++ < 2) f.evidence.push_back(reported_error_line(r));
  }
  if (reported > 0) shorts.push_back("uncorrectable ECC error reported by a program");
  for (const auto& [xid, n] : xids) {
    shorts.push_back("Xid " + std::to_string(xid) + (n > 1 ? " x" + std::to_string(n) : std::string()) + " in the kernel log");
    f.figures["xid_" + std::to_string(xid)] = n;
  }

  const GroupView mem = g.group(memory_figures());
  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  const bool compute_fine = (tensor.present || vec.present) && !tensor.low() && !vec.low();
  const bool compute_measured = tensor.present || vec.present;
  const bool shared = g.has(finding_id::kSliced) && g.slice.kind == "full";  // time-shared: everything is low
  if (mem.low() && !shared && (compute_fine || !compute_measured)) {
    raise(compute_fine ? (mem.ratio < 0.75 ? "high" : "medium") : "medium");
    for (const FigureScore* fs : mem.figures) f.evidence.push_back(figure_evidence(*fs));
    if (compute_fine)
      f.evidence.push_back("compute is within tolerance: " +
                           figure_evidence(*(tensor.present ? tensor.figures.front() : vec.figures.front())));
    f.figures["memory_ratio"] = mem.ratio;
    shorts.insert(shorts.begin(), "memory bandwidth " + fmt_pct(mem.ratio));
  }
  if (f.confidence.empty()) return;
  const bool bandwidth = f.figures.count("memory_ratio") > 0;
  std::string ecc;
  for (size_t i = bandwidth ? 1 : 0; i < shorts.size(); ++i) ecc += (ecc.empty() ? "" : ", ") + shorts[i];
  v.short_text = join(shorts);
  if (bandwidth)
    f.summary = "Device memory delivers " + fmt_pct(mem.ratio) + " of its expected bandwidth" +
                (compute_fine ? " while compute is fine" : "") + (ecc.empty() ? "" : ", and the memory shows damage (" + ecc + ")");
  else
    f.summary = "The memory shows damage (" + ecc + ")";
  f.summary += ".";  // what to do: score/advice.cpp
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
