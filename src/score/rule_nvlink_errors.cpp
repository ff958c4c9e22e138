// nvlink-degraded (kernel log): Xid 74, the driver's report of an NVLink error on this GPU's
//   links. NVIDIA's catalogue resolves it with a GPU reset and, when it repeats, a hardware check
//   of the link: evidence that the link is degraded, whether or not the links read up now (medium:
//   a single error may have been recovered by the link's retraining). Adds its lines to the
//   link-count verdict of rule_nvlink when there is one, so one finding says both.
#include "score/rules.hpp"
#include "score/xid_catalogue.hpp"

#include <algorithm>

namespace gpuaudit {

void rule_nvlink_errors(GpuScoring& g, const Thresholds& /*t*/) {
  std::vector<std::string> lines;
  std::string where;
  for (const auto& e : kernel_events(*g.gpu))
    if (xid_meaning(e).cls == XidClass::nvlink) {
      lines.push_back(kernel_event_line(e));
      if (where.empty()) where = kernel_event_source(e);
    }
  if (lines.empty()) return;
  const std::size_t shown = std::min<std::size_t>(lines.size(), 6);
  for (auto& v : g.verdicts)
    if (v.finding.id == "nvlink-degraded" || v.finding.id == "no-nvlink") {
      v.finding.evidence.insert(v.finding.evidence.end(), lines.begin(), lines.begin() + static_cast<long>(shown));
      v.finding.figures["nvlink_xid_events"] = static_cast<double>(lines.size());
      return;
    }
  Verdict v = make_verdict("nvlink-degraded", g.index(), "medium", "", "NVLink errors in the " + where + " (Xid 74)");
  v.finding.evidence.assign(lines.begin(), lines.begin() + static_cast<long>(shown));
  if (lines.size() > shown) v.finding.evidence.push_back("... and " + std::to_string(lines.size() - shown) + " more");
  v.finding.figures["nvlink_xid_events"] = static_cast<double>(lines.size());
  v.finding.summary = "The " + where + " shows NVLink errors on this GPU (Xid 74, " + std::to_string(lines.size()) +
                      (lines.size() == 1 ? " line" : " lines") +
                      "): GPU-to-GPU traffic over it may retry or fail. Reset the GPU; if it repeats, the link needs a hardware check.";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
