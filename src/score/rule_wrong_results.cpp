// wrong-results: the GPU computed something other than the right answer. The highest-severity
//   finding (first in the headline, exit 1, `check` FAIL): a fast GPU that computes wrong numbers
//   is worse than a slow one, and silent data corruption only shows when outputs are compared.
//   From score/wrong_results.hpp: an output check against the host reference that failed beyond
//   its numeric tolerance, GPUs of one model that computed the same product with different bits,
//   or a soak whose output changed between intervals. Always high confidence: every source is a
//   direct comparison of outputs, not an inference. Evidence: what it was compared with, the count
//   of differing elements and the first one.
#include "score/rules.hpp"
#include "core/finding_ids.hpp"
#include "score/wrong_results.hpp"

namespace gpuaudit {

void rule_wrong_results(GpuScoring& g, const std::vector<WrongResult>& wrong, const Thresholds& /*t*/) {
  std::vector<const WrongResult*> mine;
  for (const auto& w : wrong)
    if (w.gpu == g.index()) mine.push_back(&w);
  if (mine.empty()) return;
  Verdict v = make_verdict(finding_id::kWrongResults, g.index(), "high", "", "");
  Finding& f = v.finding;
  std::uint64_t total = 0;
  std::string sources;
  for (const WrongResult* w : mine) {
    std::string line = w->source + ": differs from " + w->against;
    if (w->mismatches) {
      line += "; " + std::to_string(*w->mismatches) + (w->checked ? " of " + std::to_string(*w->checked) : std::string()) +
              " elements differ";
      total += *w->mismatches;
    }
    if (!w->first.empty()) line += "; first: " + w->first;
    f.evidence.push_back(line);
    if (sources.find(w->source) == std::string::npos) sources += (sources.empty() ? "" : ", ") + w->source;
  }
  f.figures["wrong_result_sources"] = static_cast<double>(mine.size());
  if (total > 0) f.figures["mismatched_elements"] = static_cast<double>(total);
  v.short_text = "WRONG RESULTS in " + sources;
  f.summary = "GPU " + std::to_string(g.index()) + " computed wrong results (" + sources +
              "): do not run work on it; a GPU that returns wrong numbers needs replacing, whatever its speed.";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
