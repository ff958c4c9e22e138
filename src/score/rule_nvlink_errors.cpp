// nvlink-degraded (kernel log): the Xids NVIDIA's catalogue puts on the NVLink (score/xid_table.cpp:
//   74, the driver's NVLink error; 144-150, NVLink5's errors by the unit that raised them; 136, link
//   training failed; 155, a link taken down by software). The catalogue resolves them with a GPU
//   reset and, when they repeat, a hardware check of the link: evidence that the link is degraded,
//   whether or not the links read up now (medium: a single error may have been recovered by the
//   link's retraining; 155 low). Adds its lines to the link-count verdict of rule_nvlink when there
//   is one, so one finding says both. A program's "uncorrectable NVLink error detected during the
//   execution" (cudaErrorNvlinkUncorrectable) about this GPU counts the same (score/reported_errors.hpp).
#include "score/reported_errors.hpp"
#include "core/finding_ids.hpp"
#include "score/rules.hpp"
#include "score/xid_catalogue.hpp"

#include <algorithm>
#include <set>

namespace gpuaudit {

void rule_nvlink_errors(GpuScoring& g, const Thresholds& /*t*/) {
  std::vector<std::string> lines;
  std::string where, confidence, advice;
  std::set<int> xids;
  for (const auto& e : kernel_events(*g.gpu)) {
    const XidMeaning m = xid_meaning(e);
    if (m.cls != XidClass::nvlink) continue;
    lines.push_back(kernel_event_line(e) + " -- " + m.meaning);
    if (e.xid) xids.insert(*e.xid);
    if (where.empty()) where = kernel_event_source(e), advice = m.advice;
    confidence = stronger(confidence, m.confidence);
  }
  for (const auto& r : reported_errors_on(*g.doc, *g.gpu, finding_id::kNvlinkDegraded.str())) {
    lines.push_back(reported_error_line(r));
    if (where.empty()) where = r.file.empty() ? std::string("imported output") : "output " + r.file;
    if (advice.empty()) advice = "ask the provider to reset the GPUs or for another instance";
    confidence = stronger(confidence, r.confidence.empty() ? "medium" : r.confidence);
  }
  if (lines.empty()) return;
  const std::size_t shown = std::min<std::size_t>(lines.size(), 6);
  for (auto& v : g.verdicts)
    if (v.finding.id == finding_id::kNvlinkDegraded || v.finding.id == finding_id::kNoNvlink) {
      v.finding.evidence.insert(v.finding.evidence.end(), lines.begin(), lines.begin() + static_cast<long>(shown));
      v.finding.figures["nvlink_xid_events"] = static_cast<double>(lines.size());
      return;
    }
  std::string numbers;
  for (int x : xids) numbers += (numbers.empty() ? "Xid " : ", ") + std::to_string(x);
  if (numbers.empty()) numbers = "an uncorrectable NVLink error";
  Verdict v = make_verdict(finding_id::kNvlinkDegraded, g.index(), confidence, "", "NVLink errors in the " + where + " (" + numbers + ")");
  v.finding.evidence.assign(lines.begin(), lines.begin() + static_cast<long>(shown));
  if (lines.size() > shown) v.finding.evidence.push_back("... and " + std::to_string(lines.size() - shown) + " more");
  v.finding.figures["nvlink_xid_events"] = static_cast<double>(lines.size());
  v.finding.summary = "The " + where + " shows NVLink errors on this GPU (" + numbers + ", " + std::to_string(lines.size()) +
                      (lines.size() == 1 ? " line" : " lines") + "): GPU-to-GPU traffic over it may retry or fail; " + advice + ".";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
